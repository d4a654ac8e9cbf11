import { vi } from 'vitest';

export interface FakeUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: string;
  emailVerified?: boolean;
}

export interface FakeSessionState {
  data: { user: FakeUser; session: { id: string } } | null;
  isPending: boolean;
}

const signedOut: FakeSessionState = { data: null, isPending: false };

export function signedInAs(name: string, email = 'ada@example.com'): FakeSessionState {
  return {
    data: { user: { id: 'u1', name, email, image: null, role: 'user' }, session: { id: 's1' } },
    isPending: false,
  };
}

/**
 * A stand-in for the better-auth client of lib/auth/auth-client. A test file mocks that module with
 *   vi.mock('…/lib/auth-client', async () => ({
 *     authClient: (await import('…/test/fake-auth-client')).fakeAuth.client,
 *   }));
 * then sets `fakeAuth.session` and the call results. `useSession` returns whatever
 * `fakeAuth.session` holds when the component renders.
 */
export const fakeAuth = {
  session: signedOut,
  client: {
    useSession: () => fakeAuth.session,
    signIn: { email: vi.fn(), social: vi.fn() },
    signUp: { email: vi.fn() },
    signOut: vi.fn(),
    sendVerificationEmail: vi.fn(),
    preload: vi.fn(),
  },
  reset() {
    fakeAuth.session = signedOut;
    fakeAuth.client.signIn.email.mockReset();
    fakeAuth.client.signIn.social.mockReset();
    fakeAuth.client.signUp.email.mockReset();
    fakeAuth.client.signOut.mockReset();
    fakeAuth.client.sendVerificationEmail.mockReset();
    fakeAuth.client.preload.mockReset();
  },
};
