import { dateFormat } from './format-date.ts';

/*
 * Calendar dates (YYYY-MM-DD) and the seller's time zone (SHOP_TIME_ZONE): what "today" is there,
 * where a day starts, and how a date is written. Without zod.
 */

/** The offset of `timeZone` from UTC at `at`, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(at: number, timeZone: string): number {
  // Time zone arithmetic, not display: only Intl knows the zones' rules.
  // eslint-disable-next-line no-restricted-properties -- see above
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - (at - (at % 1000));
}

/** Whether `timeZone` is one the runtime knows (an IANA name such as "Europe/Berlin"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    // eslint-disable-next-line no-restricted-properties -- asks Intl whether it knows the zone
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function dateIn(timeZone: string, now: Date): string {
  const at = now.getTime() + zoneOffsetMs(now.getTime(), timeZone);
  return new Date(at).toISOString().slice(0, 10);
}

/** The first instant of `date` (YYYY-MM-DD) in `timeZone`. */
export function startOfDayIn(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(y, m - 1, d);
  // The zone's midnight is the UTC one less its offset; the offset is read again at the answer
  // in case a daylight-saving change lies between.
  let at = midnightAsUtc - zoneOffsetMs(midnightAsUtc, timeZone);
  at = midnightAsUtc - zoneOffsetMs(at, timeZone);
  return new Date(at);
}

/** `date` (YYYY-MM-DD) plus `days`. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

const mediumDate = dateFormat({ dateStyle: 'medium' }, 'UTC');

/** A calendar date (YYYY-MM-DD) as the pages and mails write it: "Dec 12, 2026". */
export function formatCalendarDate(date: string): string {
  return mediumDate.format(new Date(`${date}T00:00:00Z`));
}

/** `now`'s date (YYYY-MM-DD) on this machine's clock: what a date input shows as today. */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
