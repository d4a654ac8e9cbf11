import { dateFormat } from '@voltforge/contract/format-date';

const dateTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' }, 'local');

/** An ISO time from the API as the reader's local date and time. */
export function formatTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
