import { availabilityOf, availabilityText } from '@voltforge/contract/availability';
import { localDate } from '@voltforge/contract/calendar';
import { formatCount } from '@voltforge/contract/format-number';
import { formatCents } from '@voltforge/contract/money';
import { cartText } from '@voltforge/contract/cart-text';
import { useToolSupply } from '../../../lib/api/get-tool-supply';
import {
  isSoldOut,
  nextBreakSuggestion,
  pricingMessages,
  pricingOf,
} from '@voltforge/contract/pricing';
import { mostOrderable } from '@voltforge/contract/quantity-rules';
import type { Tool } from '@voltforge/contract/tool';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { useCartActions } from '../../../lib/cart/use-cart';
import { paths } from '../../../lib/paths';
import { checkQuantity, liveLine } from '../../../lib/forms/quantity-check';
import { toast } from '../../../lib/page/toast';

/**
 * Beside the order form, which still places a one-tool order: puts a quantity of the tool in the
 * cart instead, by the order form's quantity rules and messages (empty means the minimum).
 */
export function AddToCartForm({ tool }: { tool: Tool }) {
  const { add, ready } = useCartActions();
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState<string | null>(null);
  const min = tool.minOrderQuantity;
  const rules = {
    min,
    max: mostOrderable(tool),
    multiple: tool.orderMultiple,
  };
  const soldOut = isSoldOut(tool);
  const supply = useToolSupply(tool._id);
  // Beyond stock, how the quantity would ship: "18 now, 7 by Jan 14" (the contract's function).
  const wanted = Number(quantity);
  const ships =
    tool.backorderable && supply.data && Number.isInteger(wanted) && wanted > tool.inStock
      ? availabilityText(availabilityOf(wanted, supply.data, localDate(new Date())))
      : null;

  // More pieces for no more money at the next break (as the cart and a project say it).
  const valid = checkQuantity(quantity, rules);
  const pricing = pricingOf(tool);
  const better = valid.ok && quantity !== '' ? nextBreakSuggestion(pricing, wanted) : null;
  const nudge = better && better.quantity <= rules.max ? better : null;
  const line = soldOut ? null : liveLine(quantity, pricing);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    const check = checkQuantity(quantity, rules);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    add.mutate([{ toolId: tool._id, quantity: check.quantity, tool }], {
      onSuccess: () => {
        setQuantity('');
        toast.success(cartText.added);
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Add to cart"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3">
        <h2 className="card-title text-lg">Add to cart</h2>
        <div className="flex items-start gap-3">
          <div className="w-36 sm:w-48">
            {/* Not "… quantity": the order form's field is the page's one labelled Quantity. */}
            <TextField
              label="Pieces to add"
              name="cartQuantity"
              type="number"
              inputMode="numeric"
              min={min}
              max={rules.max}
              step={tool.orderMultiple}
              placeholder={String(min)}
              disabled={soldOut}
              value={quantity}
              onChange={(event) => {
                setQuantity(event.target.value);
                if (checkQuantity(event.target.value, rules).ok) setError(null);
              }}
              error={error ?? undefined}
            />
          </div>
          <button
            type="submit"
            className="btn btn-primary mt-6"
            disabled={soldOut || !ready || add.isPending}
          >
            {add.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            Add to cart
          </button>
        </div>
        {/* The live price at the typed quantity's break (empty means the minimum). */}
        <p className="text-sm" aria-live="polite" data-testid="cart-form-price">
          {line === null || line.quantity === 0
            ? null
            : `${formatCount(line.quantity)} pcs. at ${formatCents(line.unitPriceCents)} each: ${formatCents(line.totalCents)}`}
        </p>
        {ships ? (
          <p className="text-sm font-medium" role="status">
            Ships {ships}
          </p>
        ) : null}
        {nudge ? (
          <button
            type="button"
            className="link self-start text-left text-sm"
            onClick={() => setQuantity(String(nudge.quantity))}
          >
            {pricingMessages.nextBreak(nudge.quantity, wanted, nudge.savingCents)}
          </button>
        ) : null}
        <p className="text-sm text-base-content/80">
          <Link to={paths.cart} className="link">
            View cart
          </Link>
          {' · '}A production run, or more than the price breaks show?{' '}
          <Link to={`${paths.quotes}?tool=${encodeURIComponent(tool._id)}`} className="link">
            Ask for a volume quote
          </Link>
        </p>
      </div>
    </form>
  );
}
