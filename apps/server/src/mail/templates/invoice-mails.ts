import { formatCents } from '@voltforge/contract/money';
import { mailLinkPaths } from '@voltforge/contract/mail-links';
import type { RenderedMail } from '../outbox.ts';
import { button, note, paragraph, renderMail, rows, shopLink } from './mail-layout.ts';

const day = (d: Date) =>
  d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * A reminder of an invoice on account that is still open: a few days before its due date, and
 * once after it. The invoice travels as its PDF.
 */
export function invoiceReminderMail(opts: {
  publicUrl: string;
  company: string;
  invoiceNumber: string;
  orderNumber: string;
  poNumber: string | null;
  dueAt: Date;
  openCents: number;
  overdue: boolean;
}): RenderedMail {
  const { overdue } = opts;
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: overdue
      ? `Invoice ${opts.invoiceNumber} is overdue: ${formatCents(opts.openCents)} open`
      : `Invoice ${opts.invoiceNumber} is due on ${day(opts.dueAt)}`,
    heading: overdue ? 'Your invoice is overdue' : 'Your invoice is due soon',
    blocks: [
      paragraph(
        overdue
          ? `${opts.company}'s invoice ${opts.invoiceNumber} was due on ${day(opts.dueAt)} and ${formatCents(opts.openCents)} of it is still open. Please pay by bank transfer, quoting the invoice number.`
          : `A reminder that ${opts.company}'s invoice ${opts.invoiceNumber} is due on ${day(opts.dueAt)}. Please pay by bank transfer, quoting the invoice number.`,
      ),
      rows([
        ['Invoice', opts.invoiceNumber],
        ['Order', opts.orderNumber],
        ...(opts.poNumber ? ([['Your PO number', opts.poNumber]] as Array<[string, string]>) : []),
        ['Due date', day(opts.dueAt)],
        ['Open', formatCents(opts.openCents)],
      ]),
      button('See your statement', shopLink(opts.publicUrl, mailLinkPaths.joinCompany)),
      note('If you have paid already, thank you: payments can take a few days to reach us.'),
    ],
  });
}
