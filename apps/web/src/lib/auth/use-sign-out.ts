import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../page/toast';
import { authClient } from './auth-client';
import { paths } from '../paths';

/**
 * Goes home, then signs out and forgets every cached answer that belonged to the user.
 * Leaving first matters: signing out while still on a guarded page would make its guard
 * bounce the user to /login instead.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await navigate(paths.home, { replace: true });
    try {
      const { error } = await authClient.signOut();
      if (!error) {
        queryClient.clear();
        return;
      }
    } catch {
      // Reported below, the same way as a refusal.
    }
    toast.error('Could not log out. Check your connection and try again.');
  }, [navigate, queryClient]);
}
