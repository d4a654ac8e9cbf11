import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, passwordResetMessages } from '@voltforge/contract/password-reset';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { TextField } from '../../components/ui/text-field';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { errorMessage } from '../../lib/api/api-client';
import { CentredCard } from '../../components/ui/centred-card';
import { useRequestPasswordReset } from './api/request-password-reset';

/** "Forgot password?": asks for the address; the answer is the same whether it has an account. */
export function ForgotPasswordPage() {
  usePageMeta('Forgot password', 'Get a link to choose a new password for your Voltforge account.');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '' },
  });
  const request = useRequestPasswordReset();
  const onSubmit = handleSubmit(({ email }) => request.mutate(email));

  return (
    <CentredCard title="Forgot password">
      {request.isSuccess ? (
        <div role="status" className="alert alert-success alert-soft">
          <span>{passwordResetMessages.requested(request.data)}</span>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          <p className="text-sm text-base-content/80">
            Type the email address of your account and we will send you a link to choose a new
            password.
          </p>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          {request.isError ? (
            <p role="alert" className="text-sm font-medium text-error">
              {errorMessage(request.error)}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Send me a reset link'}
          </button>
        </form>
      )}
      <p className="text-center text-sm">
        Remembered it?{' '}
        <Link to={paths.login} className="btn btn-link btn-sm px-1">
          Back to Login
        </Link>
      </p>
    </CentredCard>
  );
}
