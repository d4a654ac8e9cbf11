import { addDays } from './calendar.ts';
import { dateFormat } from './format-date.ts';
import { formatCount } from './format-number.ts';

/*
 * Availability (docs/payments.md, "Supply and availability"): for a quantity of a tool, how much
 * ships now, how much by which incoming batch's date, and the rest by today + the tool's lead
 * time. One function, for every page that shows a quantity being chosen and for the server.
 * Without zod.
 */

/** What of an incoming batch is not yet promised to anyone, and when it is due (YYYY-MM-DD). */
export interface IncomingBatch {
  quantity: number;
  expectedOn: string;
}

/** A tool's supply as availability reads it. */
export interface Supply {
  /** On hand and not promised. */
  inStock: number;
  /** Whether a quantity beyond stock may be sold (back-ordered). */
  backorderable: boolean;
  /** Weeks to make a quantity no batch covers; null: none stated. */
  leadTimeWeeks: number | null;
  /** Batches not yet received, in any order. */
  incoming: readonly IncomingBatch[];
}

export interface Availability {
  quantity: number;
  /** Ships now, from stock. */
  now: number;
  /** By each batch's date, earliest first (a batch's date once, summed). */
  batches: Array<{ quantity: number; date: string }>;
  /** The rest, by today + the lead time. */
  later: { quantity: number; date: string } | null;
  /** What cannot be promised: beyond stock of a tool that is not back-ordered, or with no date. */
  unavailable: number;
}

/**
 * How `quantity` of a tool would ship: stock first, then the batches in date order (a batch due
 * before today counts as due today), then the lead time. A tool that may not be back-ordered
 * ships only from stock, as it always has.
 */
export function availabilityOf(quantity: number, supply: Supply, today: string): Availability {
  const now = Math.max(0, Math.min(quantity, supply.inStock));
  let rest = quantity - now;
  const batches: Availability['batches'] = [];
  if (supply.backorderable) {
    const due = [...supply.incoming]
      .filter((b) => b.quantity > 0)
      .map((b) => ({ quantity: b.quantity, date: b.expectedOn < today ? today : b.expectedOn }))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    for (const batch of due) {
      if (rest === 0) break;
      const take = Math.min(rest, batch.quantity);
      const last = batches.at(-1);
      if (last?.date === batch.date) last.quantity += take;
      else batches.push({ quantity: take, date: batch.date });
      rest -= take;
    }
  }
  const later =
    supply.backorderable && rest > 0 && supply.leadTimeWeeks !== null
      ? { quantity: rest, date: addDays(today, supply.leadTimeWeeks * 7) }
      : null;
  return { quantity, now, batches, later, unavailable: later ? 0 : rest };
}

/**
 * What of each incoming batch is still free once the tool's waiting back-orders (`backlog`
 * pieces) are served from the batches in date order (the database's `voltforge_promise_date`
 * walks them the same way: by date, then as entered). `batches` come in that order.
 */
export function freeIncoming(batches: readonly IncomingBatch[], backlog: number): IncomingBatch[] {
  let owed = backlog;
  const free: IncomingBatch[] = [];
  for (const batch of batches) {
    const served = Math.min(owed, batch.quantity);
    owed -= served;
    if (batch.quantity > served) free.push({ ...batch, quantity: batch.quantity - served });
  }
  return free;
}

/** The day the last piece not in stock is due (a back-ordered line's promise); null: all in stock. */
export function promisedOn(a: Availability): string | null {
  return a.later?.date ?? a.batches.at(-1)?.date ?? null;
}

/** Beyond stock and what can be promised: the line is refused with this. */
export function cannotPromiseMessage(a: Availability): string {
  const promised = a.quantity - a.unavailable;
  return promised <= 0
    ? 'Out of stock'
    : `Only ${formatCount(promised)} can be promised (${availabilityText({ ...a, unavailable: 0 })})`;
}

const monthDay = dateFormat({ dateStyle: 'month-day' }, 'UTC');
const day = (date: string) => monthDay.format(new Date(`${date}T00:00:00Z`));

/** "18 now, 7 by Jan 14" (and "18 now; 7 more cannot be promised" when some cannot). */
export function availabilityText(a: Availability): string {
  const parts = [
    ...(a.now > 0 ? [`${formatCount(a.now)} now`] : []),
    ...a.batches.map((b) => `${formatCount(b.quantity)} by ${day(b.date)}`),
    ...(a.later ? [`${formatCount(a.later.quantity)} by ${day(a.later.date)}`] : []),
  ];
  const said = parts.length > 0 ? parts.join(', ') : 'None available';
  return a.unavailable > 0 && parts.length > 0
    ? `${said}; ${formatCount(a.unavailable)} more cannot be promised`
    : said;
}
