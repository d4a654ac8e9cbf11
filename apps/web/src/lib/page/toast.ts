import type { ToastContent, ToastOptions } from 'react-toastify';

/**
 * Every toast in the app goes through here. react-toastify is a chunk
 * of its own that loads on the first toast or once the page is idle, whichever comes first;
 * toasts raised before its container mounts wait in react-toastify's queue and then show.
 */
type Kind = 'success' | 'error' | 'info' | 'warning';

let requested = false;
const listeners = new Set<() => void>();

/** For the toast container: tells it to mount at once because a toast is on its way. */
export function subscribeToToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toastRequested = () => requested;

function show(kind: Kind) {
  return (...args: [content: ToastContent, options?: ToastOptions]) => {
    if (!requested) {
      requested = true;
      for (const listener of listeners) listener();
    }
    void import('react-toastify').then(({ toast: show }) => show[kind](...args));
  };
}

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
