import { verifyEmailMessages } from '@voltforge/contract/verify-email';
import { useResendVerification } from '../api/resend-verification';

/** Whether the account's address is confirmed, with a way to get a new confirmation link. */
export function EmailVerification({ email, verified }: { email: string; verified: boolean }) {
  const resend = useResendVerification();
  if (verified) {
    return (
      <span
        className="badge badge-success badge-soft gap-1"
        title="Your email address is confirmed"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-3.5 w-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
        >
          <path d="M5 12l5 5L20 7" />
        </svg>
        Verified
      </span>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2">
      <span className="badge badge-warning">Not verified</span>
      {resend.isSuccess ? (
        <p role="status" className="text-sm text-success">
          {verifyEmailMessages.resent}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-outline btn-xs"
          disabled={resend.isPending}
          onClick={() => resend.mutate(email)}
        >
          {resend.isPending ? 'Sending…' : 'Resend'}
        </button>
      )}
      {resend.isError ? (
        <p role="alert" className="text-sm text-error">
          {resend.error.message}
        </p>
      ) : null}
    </div>
  );
}
