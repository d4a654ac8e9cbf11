/**
 * Dates and times written as the shop's English writes them (`Nov 27, 2026, 9:05 AM`), without
 * `Intl`: the first `Intl.DateTimeFormat` a page makes loads the locale's calendar data and, for
 * the reader's own time zone, its rules: 14 ms of one hydration task on the payment page where it
 * was measured, about 80 ms on a slow phone (docs/performance.md, "Figures without Intl").
 * format-date.test.ts holds each style to `Intl`'s own `en-US` output.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The styles the shop writes: `Intl`'s `dateStyle: 'medium'` and `timeStyle: 'short'`, and a day
 * of the year (`{ month: 'short', day: 'numeric' }`).
 */
export interface DateStyles {
  /** `medium`: `Nov 27, 2026`; `month-day`: `Nov 27`. */
  dateStyle?: 'medium' | 'month-day';
  /** `9:05 AM`. */
  timeStyle?: 'short';
}

/**
 * Whose clock a date is read on: `UTC`, or `local`, the reader's own time zone (the browser's,
 * which is what `Intl` would take without a `timeZone`).
 */
export type Clock = 'UTC' | 'local';

export interface DateFormat {
  /** `date` in the styles asked for; `Invalid Date` for a date that is none, as `Date` writes it. */
  format(date: Date): string;
}

function fields(date: Date, clock: Clock) {
  return clock === 'UTC'
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth(),
        day: date.getUTCDate(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
      }
    : {
        year: date.getFullYear(),
        month: date.getMonth(),
        day: date.getDate(),
        hours: date.getHours(),
        minutes: date.getMinutes(),
      };
}

/**
 * A formatter for the styles given (at least one), read on `clock`. Years are written as `Intl`
 * writes them from 1 to 9999; the shop shows nothing outside those.
 */
export function dateFormat(styles: DateStyles, clock: Clock): DateFormat {
  const { dateStyle, timeStyle } = styles;
  if (!dateStyle && !timeStyle) throw new Error('dateFormat needs a dateStyle or a timeStyle');
  return {
    format(date) {
      if (Number.isNaN(date.getTime())) return 'Invalid Date';
      const { year, month, day, hours, minutes } = fields(date, clock);
      const datePart =
        dateStyle === 'medium'
          ? `${MONTHS[month]} ${day}, ${year}`
          : dateStyle === 'month-day'
            ? `${MONTHS[month]} ${day}`
            : undefined;
      // A plain space before the day's half, as V8's `Intl` writes it (not CLDR's U+202F).
      const timePart = timeStyle
        ? `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`
        : undefined;
      return datePart && timePart ? `${datePart}, ${timePart}` : (datePart ?? timePart ?? '');
    },
  };
}
