import type { FormEvent, ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AuthCard } from './auth-card';
import { FormError } from './form-error';
import { returnedSocialError, SocialSignIn, useSocialSignIn } from './social-sign-in';
import { useAuthFlow } from './use-auth-flow';

/**
 * What a login or register page shares: the sign-in flow, the social buttons' handler, and its
 * form, checked on submit only (the specification's rule for these forms).
 */
export function useAuthPage<V extends FieldValues, T extends FieldValues>(
  resolver: Resolver<V, unknown, T>,
  defaultValues: DefaultValues<V>,
) {
  const flow = useAuthFlow();
  const socialSignIn = useSocialSignIn(flow.run, flow.target);
  const form = useForm<V, unknown, T>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues,
  });
  return { ...flow, socialSignIn, form };
}

interface AuthFormProps {
  title: string;
  busyLabel: string;
  page: Pick<ReturnType<typeof useAuthFlow>, 'busy' | 'error'> & {
    socialSignIn: ReturnType<typeof useSocialSignIn>;
  };
  /** Fetches the form's checks and the sign-in client before it is sent. */
  onFocus: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  submitLabel: string;
  /** The other page (Register Now, Login Now), keeping where the visitor came from. */
  other: { prompt: string; label: string; to: string };
  children: ReactNode;
}

/**
 * The login and register pages' frame: the card (a spinner instead of the form while signing
 * in), the form with its fields, the provider's or the server's error above the submit button,
 * the link to the other page and the social buttons.
 */
export function AuthForm({
  title,
  busyLabel,
  page,
  onFocus,
  onSubmit,
  submitLabel,
  other,
  children,
}: AuthFormProps) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  return (
    <AuthCard title={title} busy={page.busy} busyLabel={busyLabel}>
      <form
        noValidate
        onFocus={onFocus}
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
      >
        {children}
        <FormError message={page.error ?? returnedSocialError(searchParams)} />
        <button type="submit" className="btn btn-primary w-full">
          {submitLabel}
        </button>
      </form>
      <p className="text-center text-sm">
        {other.prompt}{' '}
        <Link to={other.to} state={location.state as unknown} className="btn btn-link btn-sm px-1">
          {other.label}
        </Link>
      </p>
      <SocialSignIn onSignIn={page.socialSignIn} />
    </AuthCard>
  );
}
