import type { CartLine } from '@voltforge/contract/cart';
import { orderMessages } from '@voltforge/contract/order-rules';
import { mostOrderable } from '@voltforge/contract/quantity-rules';
import { useId, useRef, useState } from 'react';
import { isGoneLine } from '../../../lib/cart/price-local-cart';
import { checkQuantity, type QuantityCheck } from '../../../lib/forms/quantity-check';

interface QuantityEditorProps {
  line: CartLine;
  /** Saves a checked quantity; resolves to the server's refusal, or null once saved. */
  onSave: (quantity: number) => Promise<string | null>;
}

/** Unlike the order form's box, an emptied line is not its minimum: the buyer cleared it. */
function check(text: string, line: CartLine): QuantityCheck {
  if (text.trim() === '') {
    return { ok: false, reason: 'whole', message: orderMessages.quantityRequired };
  }
  return checkQuantity(text, {
    min: line.minOrderQuantity,
    max: mostOrderable(line),
    multiple: line.orderMultiple,
  });
}

/**
 * A cart line's quantity, saved when the buyer leaves the box or presses Enter, by the order
 * form's rules and messages. Keyed by the saved quantity, so it shows what the cart now holds.
 */
export function QuantityEditor({ line, onSave }: QuantityEditorProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  // What was last sent: Enter then leaving the box must not send the same change twice.
  const sent = useRef(String(line.quantity));

  const save = () => {
    const value = text.trim();
    if (value === sent.current) {
      // Back to what the cart holds: nothing to send, nothing wrong.
      setError(null);
      return;
    }
    const result = check(value, line);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    sent.current = value;
    void onSave(result.quantity).then((refusal) => {
      if (refusal === null) return;
      sent.current = String(line.quantity);
      setError(refusal);
    });
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        Quantity of {line.partNumber || line.name}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={line.minOrderQuantity}
        step={line.orderMultiple}
        className={`input input-sm w-28 tabular-nums${error ? ' input-error' : ''}`}
        value={text}
        disabled={isGoneLine(line)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          // An error leaves as soon as the value is valid, not when the box is left.
          if (error && check(event.target.value.trim(), line).ok) setError(null);
        }}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          }
        }}
      />
      {error ? (
        <p id={errorId} className="max-w-48 text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
