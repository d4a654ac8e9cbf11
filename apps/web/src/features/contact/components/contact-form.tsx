import { MAX_CONTACT_MESSAGE_LENGTH, type ContactTopic } from '@voltforge/contract/contact-rules';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api/api-client';
import { applyFieldErrors } from '../../../lib/forms/form-errors';
import { zodChecks } from '../../../lib/forms/lazy-resolver';
import { useSendContactMessage } from '../api/send-contact-message';

const checks = zodChecks(() =>
  import('@voltforge/contract/content').then((m) => m.contactFormSchema),
);

interface ContactFormProps {
  topic: ContactTopic;
  heading: string;
  submitLabel: string;
}

/** Name, email and message, checked here and again on the server; stored, then confirmed. */
export function ContactForm({ topic, heading, submitLabel }: ContactFormProps) {
  const headingId = useId();
  const messageId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: checks.resolver,
    defaultValues: { name: '', email: '', message: '' },
  });
  const send = useSendContactMessage();

  const onSubmit = handleSubmit((values) => {
    send.mutate(
      { ...values, topic },
      {
        onSuccess: () => reset(),
        onError: (error) => applyFieldErrors(error, setError, ['name', 'email', 'message']),
      },
    );
  });
  const formError =
    send.error && !(send.error instanceof ApiError && send.error.fields)
      ? send.error.message
      : null;

  return (
    <section
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body">
        <h2 id={headingId} className="card-title text-2xl">
          {heading}
        </h2>
        {send.isSuccess ? (
          <div role="status" className="alert alert-success">
            <span>{send.data.message}</span>
          </div>
        ) : null}
        <form
          noValidate
          onFocus={checks.preload}
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
          <div className="flex flex-col gap-1">
            <label htmlFor={messageId} className="text-sm font-medium">
              Message
            </label>
            <textarea
              id={messageId}
              rows={6}
              maxLength={MAX_CONTACT_MESSAGE_LENGTH}
              className={`textarea w-full${errors.message ? ' textarea-error' : ''}`}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? `${messageId}-error` : undefined}
              {...register('message')}
            />
            {errors.message ? (
              <p id={`${messageId}-error`} className="text-sm text-error">
                {errors.message.message}
              </p>
            ) : null}
          </div>
          {formError ? (
            <p role="alert" className="text-sm text-error">
              {formError}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary self-start" disabled={send.isPending}>
            {send.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            {submitLabel}
          </button>
        </form>
      </div>
    </section>
  );
}
