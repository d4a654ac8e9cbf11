import { createContext } from 'react';

/** What `authClient.useSession()` answers; see auth-client.ts. */
export interface SessionState<Session = unknown> {
  data: Session | null;
  isPending: boolean;
  error: Error | null;
}

/**
 * The session a page was rendered with on the server (a signed-in page, for its reader), or
 * undefined (a public page, the same for everyone, rendered with the session "being read"). The
 * server renders with it and the browser hydrates with it, so both render the same page.
 */
export const RenderedSession = createContext<SessionState | undefined>(undefined);
