import { formatCardNumber, testCards } from '@voltforge/contract/payment-rules';

interface TestCardsListProps {
  onPick: (number: string) => void;
  disabled: boolean;
}

/** Stripe's test cards and what each does, one click to fill the number in. */
export function TestCardsList({ onPick, disabled }: TestCardsListProps) {
  return (
    <div className="rounded-box bg-base-200 p-3 text-sm">
      <p className="font-medium" id="test-cards-heading">
        Test cards
      </p>
      <p className="text-xs text-base-content/75">
        Use any future expiry date and any 3-digit CVC.
      </p>
      <ul
        aria-labelledby="test-cards-heading"
        className="mt-2 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1"
      >
        {testCards.map((card) => (
          <li key={card.number} className="col-span-2 grid grid-cols-subgrid items-center">
            <button
              type="button"
              className="btn btn-ghost btn-xs justify-start font-mono text-xs font-medium"
              disabled={disabled}
              onClick={() => onPick(formatCardNumber(card.number))}
            >
              <span className="sr-only">Use card </span>
              {formatCardNumber(card.number)}
            </button>
            <span className="min-w-0 text-base-content/80">{card.description}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
