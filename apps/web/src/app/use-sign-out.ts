import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { authClient } from '../lib/auth-client';
import { paths } from './paths';

/** Signs out, forgets every cached answer that belonged to the user, and goes home. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    let failed: boolean;
    try {
      const { error } = await authClient.signOut();
      failed = Boolean(error);
    } catch {
      failed = true;
    }
    if (failed) {
      toast.error('Could not log out. Check your connection and try again.');
      return;
    }
    queryClient.clear();
    await navigate(paths.home);
  }, [navigate, queryClient]);
}
