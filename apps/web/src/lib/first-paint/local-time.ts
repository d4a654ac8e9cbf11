import { useMemo, useSyncExternalStore } from 'react';
import {
  dateFormat,
  type Clock,
  type DateFormat,
  type DateStyles,
} from '@voltforge/contract/format-date';

const never = () => () => {};
const readersClock = (): Clock => 'local';
const renderedClock = (): Clock => 'UTC';

/**
 * Dates and times as the reader reads them: on their own clock, in the shop's English. A page the
 * server rendered (which does not know the reader's time zone) shows UTC while it hydrates, so
 * the browser's first render matches the server's HTML, then the reader's clock; a page the
 * browser paints shows the reader's clock at once. Written without `Intl` (format-date.ts).
 */
export function useDateFormat(styles: DateStyles): DateFormat {
  const clock = useSyncExternalStore(never, readersClock, renderedClock);
  const { dateStyle, timeStyle } = styles;
  return useMemo(() => dateFormat({ dateStyle, timeStyle }, clock), [dateStyle, timeStyle, clock]);
}
