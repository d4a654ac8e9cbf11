import { pageMeta } from '@voltforge/contract/public-pages';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { TextField } from '../../components/ui/text-field';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { zodChecks } from '../../lib/forms/lazy-resolver';
import { authClient } from '../../lib/auth/auth-client';
import { AuthForm, useAuthPage } from './auth-form';
import { preloadSignIn } from './use-auth-flow';

const checks = zodChecks(() => import('@voltforge/contract/user').then((m) => m.loginSchema));
const preloadOnFocus = preloadSignIn(checks);

export function LoginPage() {
  usePageMeta(pageMeta.login.title, pageMeta.login.description);
  const page = useAuthPage(checks.resolver, { email: '', password: '' });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = page.form;

  const onSubmit = handleSubmit(({ email, password }) =>
    page.run(() => authClient.signIn.email({ email, password })),
  );

  return (
    <AuthForm
      title="Login"
      busyLabel="Signing in"
      page={page}
      onFocus={preloadOnFocus}
      onSubmit={onSubmit}
      submitLabel="Login"
      other={{ prompt: 'New to Voltforge?', label: 'Register Now', to: paths.register }}
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
    </AuthForm>
  );
}
