import type { Quote } from '@voltforge/contract/quote';
import { QUOTE_LIMITS, quoteMessages } from '@voltforge/contract/quote-rules';
import { useState } from 'react';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useDateFormat } from '../../../lib/first-paint/local-time';
import { toast } from '../../../lib/page/toast';
import { usePostQuoteMessage } from '../api/quote-actions';

/** The questions and answers on a quote, and a message to the other side (who is mailed). */
export function QuoteThread({ quote, to }: { quote: Quote; to: 'staff' | 'buyer' }) {
  const post = usePostQuoteMessage(quote.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const dates = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="thread-heading" className="flex flex-col gap-3">
      <h3 id="thread-heading" className="text-lg font-semibold">
        Messages
      </h3>
      {quote.messages.length === 0 ? (
        <p className="text-sm text-base-content/75">No messages yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {quote.messages.map((m) => (
            <li
              key={m.id}
              className={`rounded-box border p-3 ${m.fromStaff ? 'border-info/40 bg-info/10' : 'border-base-300 bg-base-100'}`}
            >
              <p className="text-xs text-base-content/75">
                {m.author}, {dates.format(new Date(m.createdAt))}
              </p>
              <p className="whitespace-pre-line">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const text = body.trim();
          if (text.length === 0 || text.length > QUOTE_LIMITS.note) {
            setError(quoteMessages.message);
            return;
          }
          setError(undefined);
          post.mutate(text, {
            onSuccess: () => {
              setBody('');
              toast.success(
                to === 'staff' ? 'Message sent to Voltforge.' : 'Message sent to the buyer.',
              );
            },
            onError: (e) => setError(e.message),
          });
        }}
      >
        <TextareaField
          label={to === 'staff' ? 'Ask us a question' : 'Write to the buyer'}
          name="message"
          rows={3}
          value={body}
          maxLength={QUOTE_LIMITS.note}
          error={error}
          onChange={(event) => setBody(event.target.value)}
        />
        <button type="submit" className="btn btn-sm self-start" disabled={post.isPending}>
          Send message
        </button>
      </form>
    </section>
  );
}
