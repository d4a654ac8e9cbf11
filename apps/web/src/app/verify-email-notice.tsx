import { verifyEmailMessages } from '@voltforge/contract/verify-email';
import { useResendVerification } from '../features/profile/api/resend-verification';
import { authClient } from '../lib/auth/auth-client';

/**
 * The dashboard's reminder while the signed-in account's address is not confirmed, with a
 * button for a new link. Gone once the address is confirmed.
 */
export function VerifyEmailNotice() {
  const { data: session } = authClient.useSession();
  const resend = useResendVerification();
  const user = session?.user;
  if (user?.emailVerified !== false) return null;
  return (
    <div role="status" className="alert alert-warning mb-6 flex flex-wrap items-center">
      <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        {verifyEmailMessages.notVerified(user.email)}
      </p>
      {resend.isSuccess ? (
        <p className="font-medium">{verifyEmailMessages.resent}</p>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={resend.isPending}
          onClick={() => resend.mutate(user.email)}
        >
          {resend.isPending ? 'Sending…' : 'Resend the link'}
        </button>
      )}
      {resend.isError ? (
        <p role="alert" className="w-full text-sm text-error">
          {resend.error.message}
        </p>
      ) : null}
    </div>
  );
}
