import type { Order } from '@voltforge/contract/order';
import { formatUsd } from '@voltforge/contract/money';
import type { OrderAgain } from '@voltforge/contract/project';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** What "Order again" did with each line, the price then beside the price now. */
export function AgainVerdicts({ order, result }: { order: Order; result: OrderAgain }) {
  const added = result.verdicts.filter((v) => v.added > 0).length;
  return (
    <div className="mb-4 rounded-box border border-base-300 bg-base-100 p-3">
      <p className="font-semibold">
        {order.number}: {added} of {result.verdicts.length}{' '}
        {result.verdicts.length === 1 ? 'line' : 'lines'} added to your cart.{' '}
        <Link to={paths.cart} className="link">
          Go to cart
        </Link>
      </p>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {result.verdicts.map((v) => (
          <li
            key={v.line}
            data-verdict={v.status}
            className={v.added > 0 ? undefined : 'text-error'}
          >
            {v.partNumber}: {v.message} Then {formatUsd(v.unitPriceThen)} each, now{' '}
            {v.unitPriceNow === null ? 'no longer sold' : `${formatUsd(v.unitPriceNow)} each`}.
          </li>
        ))}
      </ul>
    </div>
  );
}
