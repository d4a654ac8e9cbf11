import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetMessages, resetPasswordFormSchema } from '@voltforge/contract/password-reset';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { errorMessage } from '../../lib/api/api-client';
import { authClient } from '../../lib/auth/auth-client';
import { toast } from '../../lib/page/toast';
import { CentredCard } from '../../components/ui/centred-card';
import { AuthRequestError } from './api/auth-request';
import { useResetPassword } from './api/reset-password';

function failureMessage(error: unknown): string {
  if (error instanceof AuthRequestError && error.code === 'INVALID_TOKEN') {
    return passwordResetMessages.invalidLink;
  }
  return errorMessage(error);
}

function AskAgain() {
  return (
    <Link to={paths.forgotPassword} className="btn btn-outline w-full">
      Ask for a new link
    </Link>
  );
}

/** The reset signed this browser in: say so, and go on to the dashboard. */
function SignedIn() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.success(passwordResetMessages.signedIn, { toastId: 'password-reset' });
    void navigate(paths.dashboard, { replace: true });
  }, [navigate]);
  return <Spinner block label="Signing you in" />;
}

/**
 * The page the reset mail links to: the new password twice. The server signs this browser in
 * as it saves the password, so the next page is the dashboard; should the browser not have kept
 * the session, the page offers the login instead.
 */
export function ResetPasswordPage() {
  usePageMeta('Choose a new password', 'Choose a new password for your Voltforge account.');
  const [searchParams] = useSearchParams();
  // better-auth sends people back here with ?error=INVALID_TOKEN for a dead link.
  const token = searchParams.get('error') ? null : searchParams.get('token');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useResetPassword();
  const { data: session } = authClient.useSession();
  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate({ newPassword: password, token: token ?? '' }),
  );

  if (!token) {
    return (
      <CentredCard title="Choose a new password">
        <p role="alert" className="text-sm font-medium text-error">
          {searchParams.get('error')
            ? passwordResetMessages.invalidLink
            : passwordResetMessages.missingToken}
        </p>
        <AskAgain />
      </CentredCard>
    );
  }

  if (reset.isSuccess) {
    if (session) return <SignedIn />;
    return (
      <CentredCard title="Password changed">
        <div role="status" className="alert alert-success alert-soft">
          <span>{passwordResetMessages.changed}</span>
        </div>
        <Link to={paths.login} className="btn btn-primary w-full">
          Login with the new password
        </Link>
      </CentredCard>
    );
  }

  const invalid = reset.error instanceof AuthRequestError && reset.error.code === 'INVALID_TOKEN';
  return (
    <CentredCard title="Choose a new password">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="New password again"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {reset.isError ? (
          <p role="alert" className="text-sm font-medium text-error">
            {failureMessage(reset.error)}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Save the new password'}
        </button>
      </form>
      {invalid ? <AskAgain /> : null}
    </CentredCard>
  );
}
