import { pageMeta } from '@voltforge/contract/public-pages';
import { verifyEmailMessages } from '@voltforge/contract/verify-email';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
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

const checks = zodChecks(() =>
  import('@voltforge/contract/new-password').then((m) => m.registerSchema),
);
const preloadOnFocus = preloadSignIn(checks);

export function RegisterPage() {
  usePageMeta(pageMeta.register.title, pageMeta.register.description);
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
    defaultValues: { name: '', email: '', password: '' },
  });

  // signUp.email stores the name as the display name (the profile starts from it), signs the
  // user in and mails a confirmation link: the toast says where to look, as the dashboard will.
  const onSubmit = handleSubmit(({ name, email, password }) =>
    run(async () => {
      const result = await authClient.signUp.email({ name, email, password });
      if (!result.error) toast.success(verifyEmailMessages.checkInbox(email));
      return result;
    }),
  );

  return (
    <AuthCard title="Register" busy={busy} busyLabel="Creating your account">
      <form
        noValidate
        onFocus={preloadOnFocus}
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
      >
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
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
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <FormError message={error ?? returnedSocialError(searchParams)} />
        <button type="submit" className="btn btn-primary w-full">
          Register
        </button>
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link
          to={paths.login}
          state={location.state as unknown}
          className="btn btn-link btn-sm px-1"
        >
          Login Now
        </Link>
      </p>
      <SocialSignIn onSignIn={socialSignIn} />
    </AuthCard>
  );
}
