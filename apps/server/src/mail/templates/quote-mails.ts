import { mailLinkPaths } from '@voltforge/contract/mail-links';
import type { RenderedMail } from '../outbox.ts';
import { button, note, paragraph, quote, renderMail, rows, shopLink } from './mail-layout.ts';

/* The mails of quotes (docs/payments.md, "Quotes"): each to the side that has to act next. */

interface QuoteRef {
  publicUrl: string;
  id: string;
  number: string;
}

/** To every admin: a buyer asks for prices. */
export function quoteRequestedMail(
  opts: QuoteRef & { requester: string; company: string | null; lines: Array<[string, string]> },
): RenderedMail {
  const who = opts.company ? `${opts.requester} (${opts.company})` : opts.requester;
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: `Request for quotation ${opts.number} from ${who}`,
    heading: `${who} asks for a quote`,
    blocks: [
      rows(opts.lines),
      button('Answer it', shopLink(opts.publicUrl, mailLinkPaths.manageQuote(opts.id))),
    ],
  });
}

/** To the buyer: a revision of their quote was sent, valid until a date. */
export function quoteSentMail(
  opts: QuoteRef & { revision: number; validUntil: string; total: string | null },
): RenderedMail {
  const revised = opts.revision > 1 ? ` (revision ${opts.revision})` : '';
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: `Your quote ${opts.number}${revised} is ready`,
    heading: `Quote ${opts.number}${revised}`,
    blocks: [
      paragraph(
        `Our prices are ready${opts.total ? `: ${opts.total} for the first quantity of every line` : ''}. They are valid until the end of ${opts.validUntil}.`,
      ),
      button('See the quote', shopLink(opts.publicUrl, mailLinkPaths.quote(opts.id))),
      note(
        'Accept all of it or the lines you choose; the order is placed at exactly these prices.',
      ),
    ],
  });
}

/** To the other side: a message on the quote. */
export function quoteMessageMail(
  opts: QuoteRef & { author: string; body: string; toStaff: boolean },
): RenderedMail {
  const path = opts.toStaff ? mailLinkPaths.manageQuote(opts.id) : mailLinkPaths.quote(opts.id);
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: `${opts.author} wrote about quote ${opts.number}`,
    heading: `A message about quote ${opts.number}`,
    blocks: [quote(opts.body), button('Reply', shopLink(opts.publicUrl, path))],
  });
}

/** To every admin: the buyer accepted (placing an order) or declined. */
export function quoteDecidedMail(
  opts: QuoteRef & {
    who: string;
    accepted: { orderNumber: string; total: string } | null;
    reason: string | null;
  },
): RenderedMail {
  const what = opts.accepted
    ? `${opts.who} accepted quote ${opts.number}: order ${opts.accepted.orderNumber}, ${opts.accepted.total}.`
    : `${opts.who} declined quote ${opts.number}.`;
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: opts.accepted
      ? `Quote ${opts.number} accepted: ${opts.accepted.orderNumber}`
      : `Quote ${opts.number} declined`,
    heading: opts.accepted ? 'A quote was accepted' : 'A quote was declined',
    blocks: [
      paragraph(what),
      ...(opts.reason ? [quote(opts.reason)] : []),
      button('See the quote', shopLink(opts.publicUrl, mailLinkPaths.manageQuote(opts.id))),
    ],
  });
}

/** To the buyer: their quote expires in 3 days, or has expired. */
export function quoteExpiryMail(
  opts: QuoteRef & { validUntil: string; expired: boolean },
): RenderedMail {
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: opts.expired
      ? `Your quote ${opts.number} has expired`
      : `Your quote ${opts.number} expires on ${opts.validUntil}`,
    heading: opts.expired ? `Quote ${opts.number} expired` : `Quote ${opts.number} expires soon`,
    blocks: [
      paragraph(
        opts.expired
          ? `Its prices were valid until the end of ${opts.validUntil}. Copy it into a new request and we will quote again.`
          : `Its prices are valid until the end of ${opts.validUntil}. Accept it before then to order at them.`,
      ),
      button('See the quote', shopLink(opts.publicUrl, mailLinkPaths.quote(opts.id))),
    ],
  });
}
