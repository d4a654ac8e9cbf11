import { useMemo, useSyncExternalStore } from 'react';

const never = () => () => {};
const readersZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const renderedZone = () => 'UTC';

/**
 * Dates and times as the reader reads them: in their time zone, in the shop's English. A page
 * the server rendered (which does not know the reader's zone) shows UTC while it hydrates, so the
 * browser's first render matches the server's HTML, then the reader's zone; a page the browser
 * paints shows the reader's zone at once.
 */
export function useDateFormat(
  options: Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'>,
): Intl.DateTimeFormat {
  const timeZone = useSyncExternalStore(never, readersZone, renderedZone);
  const { dateStyle, timeStyle } = options;
  return useMemo(
    () => new Intl.DateTimeFormat('en-US', { dateStyle, timeStyle, timeZone }),
    [dateStyle, timeStyle, timeZone],
  );
}
