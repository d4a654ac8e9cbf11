import { formatCents } from '@voltforge/contract/money';
import { mailLinkPaths } from '@voltforge/contract/mail-links';
import { formatOrderNumber, type PaymentMethod } from '@voltforge/contract/order-rules';
import type { StaffOrderEvent } from '../../db/schema/mail.ts';
import type { RenderedMail } from '../outbox.ts';
import { button, note, paragraph, renderMail, rows, shopLink } from './mail-layout.ts';

/** One order staff are told of, with what happened to it since the last notice. */
export interface StaffOrderMailOrder {
  id: string;
  number: number;
  customerName: string;
  email: string;
  company: string | null;
  totalCents: number;
  paymentMethod: PaymentMethod;
  /** In the order they happened: placed, paid, or both. */
  events: readonly StaffOrderEvent[];
}

function whatHappened(order: StaffOrderMailOrder): string {
  const placed = order.events.includes('placed');
  const paid = order.events.includes('paid');
  if (placed && paid) return 'Placed and paid';
  if (paid) return 'Paid';
  return order.paymentMethod === 'account' ? 'Placed on account' : 'Placed, not paid yet';
}

/**
 * To the addresses in ORDER_NOTIFY_EMAILS: the orders placed or paid since the last such mail,
 * each with its number, buyer, total and a link to it in the back office; one mail for them all.
 */
export function staffOrderMail(opts: {
  publicUrl: string;
  orders: readonly StaffOrderMailOrder[];
}): RenderedMail {
  const { orders, publicUrl } = opts;
  const [only] = orders;
  const placed = orders.filter((o) => o.events.includes('placed')).length;
  const paid = orders.filter((o) => o.events.includes('paid')).length;
  const subject =
    orders.length === 1 && only
      ? `Order ${formatOrderNumber(only.number)}: ${whatHappened(only).toLowerCase()}, ${formatCents(only.totalCents)} (${only.customerName})`
      : `${orders.length} orders: ${placed} placed, ${paid} paid`;
  return renderMail({
    publicUrl,
    subject,
    heading: orders.length === 1 ? 'An order came in' : `${orders.length} orders came in`,
    blocks: [
      paragraph(
        orders.length === 1
          ? 'This order was placed or paid:'
          : 'These orders were placed or paid since the last notice:',
      ),
      ...orders.map((o) =>
        rows([
          ['Order', formatOrderNumber(o.number)],
          ['What happened', whatHappened(o)],
          ['Buyer', `${o.customerName} <${o.email}>`],
          ...(o.company ? [['Company', o.company] as [string, string]] : []),
          ['Total', formatCents(o.totalCents)],
          // One order has its button below; several, a link each.
          ...(orders.length > 1
            ? [['Open', shopLink(publicUrl, mailLinkPaths.manageOrder(o.id))] as [string, string]]
            : []),
        ]),
      ),
      orders.length === 1 && only
        ? button('Open the order', shopLink(publicUrl, mailLinkPaths.manageOrder(only.id)))
        : button('Open Manage Orders', shopLink(publicUrl, mailLinkPaths.manageOrders)),
      note("You get this mail because your address is in the shop's ORDER_NOTIFY_EMAILS."),
    ],
  });
}
