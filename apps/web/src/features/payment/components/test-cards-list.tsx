import { formatCardNumber, testCards } from '@voltforge/contract/payment';

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
      <ul aria-labelledby="test-cards-heading" className="mt-2 flex flex-col gap-1">
        {testCards.map((card) => (
          <li key={card.number} className="flex flex-wrap items-center gap-x-3">
            <button
              type="button"
              className="btn btn-ghost btn-xs font-mono"
              disabled={disabled}
              onClick={() => onPick(formatCardNumber(card.number))}
            >
              <span className="sr-only">Use card </span>
              {formatCardNumber(card.number)}
            </button>
            <span className="text-base-content/80">{card.description}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
