import { pageMeta } from '@voltforge/contract/public-pages';
import { verifyEmailMessages } from '@voltforge/contract/verify-email';
import { toast } from '../../lib/page/toast';
import { paths } from '../../lib/paths';
import { TextField } from '../../components/ui/text-field';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { zodChecks } from '../../lib/forms/lazy-resolver';
import { authClient } from '../../lib/auth/auth-client';
import { AuthForm, useAuthPage } from './auth-form';
import { preloadSignIn } from './use-auth-flow';

const checks = zodChecks(() =>
  import('@voltforge/contract/new-password').then((m) => m.registerSchema),
);
const preloadOnFocus = preloadSignIn(checks);

export function RegisterPage() {
  usePageMeta(pageMeta.register.title, pageMeta.register.description);
  const page = useAuthPage(checks.resolver, { name: '', email: '', password: '' });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = page.form;

  // signUp.email stores the name as the display name (the profile starts from it), signs the
  // user in and mails a confirmation link: the toast says where to look, as the dashboard will.
  const onSubmit = handleSubmit(({ name, email, password }) =>
    page.run(async () => {
      const result = await authClient.signUp.email({ name, email, password });
      if (!result.error) toast.success(verifyEmailMessages.checkInbox(email));
      return result;
    }),
  );

  return (
    <AuthForm
      title="Register"
      busyLabel="Creating your account"
      page={page}
      onFocus={preloadOnFocus}
      onSubmit={onSubmit}
      submitLabel="Register"
      other={{ prompt: 'Already have an account?', label: 'Login Now', to: paths.login }}
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
    </AuthForm>
  );
}
