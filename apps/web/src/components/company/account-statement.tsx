import type { CompanyStatement } from '@voltforge/contract/credit';
import { termsLabel } from '@voltforge/contract/credit-rules';
import { dateFormat } from '@voltforge/contract/format-date';
import { formatUsd } from '@voltforge/contract/money';

/* A company's account as its admin's statement and staff's company page both show it. */

const day = dateFormat({ dateStyle: 'medium' }, 'UTC');

/** The figures of an account: terms, limit, owed, available, overdue. */
export function AccountFigures({ account }: { account: CompanyStatement }) {
  const figures: Array<[string, string]> = [
    ['Terms', termsLabel(account.termsDays)],
    ['Credit limit', formatUsd(account.creditLimit)],
    ['Owed', formatUsd(account.owed)],
    ['Available', formatUsd(account.available)],
    ['Overdue', formatUsd(account.overdue)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt className="text-base-content/75">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The invoices on account, newest first: due date, open amount, payments received. */
export function AccountInvoices({ account }: { account: CompanyStatement }) {
  if (account.invoices.length === 0) {
    return <p className="text-sm text-base-content/75">No invoices on account yet.</p>;
  }
  return (
    <ul aria-label="Invoices on account" className="divide-y divide-base-300 text-sm">
      {account.invoices.map((invoice) => (
        <li key={invoice.number} className="flex flex-col gap-1 py-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-mono font-semibold">{invoice.number}</span>
            <span>{invoice.orderNumber}</span>
            {invoice.poNumber ? (
              <span>
                PO <span className="font-mono">{invoice.poNumber}</span>
              </span>
            ) : null}
            <span className="grow">due {day.format(new Date(invoice.dueAt))}</span>
            <span className="tabular-nums">{formatUsd(invoice.total)}</span>
            {invoice.open === 0 ? (
              <span className="badge badge-sm badge-success">Paid</span>
            ) : invoice.overdue ? (
              <span className="badge badge-sm badge-error">Overdue: {formatUsd(invoice.open)}</span>
            ) : (
              <span className="badge badge-sm badge-warning">Open: {formatUsd(invoice.open)}</span>
            )}
          </div>
          {invoice.payments.map((payment) => (
            <p key={payment.id} className="text-base-content/80">
              Payment of {formatUsd(payment.amount)} received{' '}
              {day.format(new Date(`${payment.receivedOn}T00:00:00Z`))}
              {payment.reference ? `, reference ${payment.reference}` : ''}
            </p>
          ))}
        </li>
      ))}
    </ul>
  );
}
