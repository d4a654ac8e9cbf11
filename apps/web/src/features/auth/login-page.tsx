import { pageMeta } from '@voltforge/contract/public-pages';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { TextField } from '../../components/ui/text-field';
import { usePageMeta } from '../../lib/use-page-meta';
import { zodChecks } from '../../lib/lazy-resolver';
import { authClient } from '../../lib/auth-client';
import { AuthCard } from './auth-card';
import { FormError } from './form-error';
import { returnedSocialError, SocialSignIn, useSocialSignIn } from './social-sign-in';
import { preloadSignIn, useAuthFlow } from './use-auth-flow';

const checks = zodChecks(() => import('@voltforge/contract/user').then((m) => m.loginSchema));
const preloadOnFocus = preloadSignIn(checks);

export function LoginPage() {
  usePageMeta(pageMeta.login.title, pageMeta.login.description);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { busy, error, run, target } = useAuthFlow();
  const socialSignIn = useSocialSignIn(run, target);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: checks.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(({ email, password }) =>
    run(() => authClient.signIn.email({ email, password })),
  );

  return (
    <AuthCard title="Login" busy={busy} busyLabel="Signing in">
      <form
        noValidate
        onFocus={preloadOnFocus}
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Link to={paths.forgotPassword} className="link link-hover -mt-2 self-end text-sm">
          Forgot password?
        </Link>
        <FormError message={error ?? returnedSocialError(searchParams)} />
        <button type="submit" className="btn btn-primary w-full">
          Login
        </button>
      </form>
      <p className="text-center text-sm">
        New to Voltforge?{' '}
        <Link
          to={paths.register}
          state={location.state as unknown}
          className="btn btn-link btn-sm px-1"
        >
          Register Now
        </Link>
      </p>
      <SocialSignIn onSignIn={socialSignIn} />
    </AuthCard>
  );
}
