import type { TestCardFormInput, TestCardFormValues } from '@voltforge/contract/payment';
import { formatCardNumber, paymentMessages } from '@voltforge/contract/payment-rules';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { zodChecks } from '../../../lib/forms/lazy-resolver';
import { confirmTestCard } from '../api/confirm-test-card';
import type { PaymentAttempt } from '../use-payment-attempt';
import { PayButton } from './pay-button';
import { TestCardsList } from './test-cards-list';

interface TestCardFormProps {
  clientSecret: string | undefined;
  attempt: PaymentAttempt;
  pay: (confirm: () => Promise<string>) => Promise<void>;
}

const MAX_CARD_DIGITS = 19;

const checks = zodChecks(() =>
  import('@voltforge/contract/payment').then((m) => m.testCardFormSchema),
);

/** "1226" → "12 / 26", so people can type the digits only. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * The test provider's card form: Stripe's test cards behave as on Stripe, and nothing is
 * charged. The number goes to our server's test endpoint only, which keeps its last 4 digits.
 */
export function TestCardForm({ clientSecret, attempt, pay }: TestCardFormProps) {
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<TestCardFormInput, unknown, TestCardFormValues>({
    resolver: checks.resolver,
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const done = attempt.phase === 'succeeded';
  const paying = attempt.phase === 'paying';

  const onSubmit = handleSubmit((card) =>
    pay(async () => {
      if (!clientSecret) throw new Error(paymentMessages.providerUnavailable);
      const result = await confirmTestCard({ clientSecret, ...card });
      return result.paymentIntentId;
    }),
  );

  return (
    <form
      noValidate
      aria-label="Card details"
      onFocus={checks.preload}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      <p className="badge badge-warning h-auto gap-1 py-1 font-semibold">
        {paymentMessages.testMode}
      </p>
      <fieldset disabled={done || paying} className="flex flex-col gap-4">
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          maxLength={MAX_CARD_DIGITS + 4}
          className="font-mono"
          error={errors.number?.message}
          {...register('number', {
            onChange: (event: { target: HTMLInputElement }) => {
              const formatted = formatCardNumber(
                event.target.value.replace(/\D/g, '').slice(0, MAX_CARD_DIGITS),
              );
              if (formatted !== event.target.value) setValue('number', formatted);
            },
          })}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Expiry (MM / YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={7}
            error={errors.expiry?.message}
            {...register('expiry', {
              onChange: (event: { target: HTMLInputElement }) => {
                const formatted = formatExpiry(event.target.value);
                if (formatted !== event.target.value) setValue('expiry', formatted);
              },
            })}
          />
          <TextField
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            error={errors.cvc?.message}
            {...register('cvc')}
          />
        </div>
      </fieldset>
      <TestCardsList
        disabled={done || paying}
        onPick={(number) => setValue('number', number, { shouldValidate: isSubmitted })}
      />
      <div>
        <PayButton disabled={!clientSecret || paying || done} paying={paying} />
      </div>
    </form>
  );
}
