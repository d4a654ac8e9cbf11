import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { queryClient } from '../lib/query-client';

/*
 * react-toastify 11 injects its own stylesheet when the container mounts, so its CSS file is not
 * imported separately (it would ship twice). Settings are the spec's (section 9).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={5000} draggablePercent={80} />
    </QueryClientProvider>
  );
}
