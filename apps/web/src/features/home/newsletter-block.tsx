import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { ApiError } from '../../lib/api/api-client';
import { useSubscribeNewsletter } from './api/subscribe-newsletter';

/**
 * Subscribe stores the address (the original shop's button did nothing). The
 * server validates it with the contract's rule and messages; its answer is shown under the field.
 */
export function NewsletterBlock() {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [email, setEmail] = useState('');
  const subscribe = useSubscribeNewsletter();

  const error = subscribe.error;
  const fieldError =
    error instanceof ApiError
      ? (error.fields?.email ?? error.message)
      : error
        ? String(error)
        : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    subscribe.mutate(email, { onSuccess: () => setEmail('') });
  }

  return (
    <section aria-labelledby="newsletter-heading" className="below-fold bg-base-200">
      <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:items-center lg:px-8">
        <div>
          <h2 id="newsletter-heading" className="text-3xl font-bold tracking-tight">
            Stay in the loop
          </h2>
          <p className="mt-2 max-w-xl text-base-content/75">
            New tools, firmware updates and trade offers, about once a month. Unsubscribe any time.
          </p>
        </div>
        <div>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
            <label htmlFor={inputId} className="text-sm font-medium">
              Email address
            </label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <input
                id={inputId}
                name="email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  if (subscribe.isError) subscribe.reset();
                }}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? errorId : undefined}
                className={`input w-full sm:flex-1${fieldError ? ' input-error' : ''}`}
              />
              <button type="submit" className="btn btn-primary" disabled={subscribe.isPending}>
                {subscribe.isPending ? (
                  <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                ) : null}
                Subscribe
              </button>
              <Link to={paths.register} className="btn btn-outline btn-primary">
                Get Started
              </Link>
            </div>
            {fieldError ? (
              <p id={errorId} className="text-sm text-error">
                {fieldError}
              </p>
            ) : null}
            <p
              role="status"
              className={`text-sm font-medium text-success ${subscribe.isSuccess ? '' : 'sr-only'}`}
            >
              {subscribe.isSuccess ? subscribe.data.message : ''}
            </p>
          </form>
        </div>
      </div>
    </section>
  );
}
