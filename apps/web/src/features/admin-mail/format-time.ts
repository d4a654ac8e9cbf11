const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO time from the API as the reader's local date and time. */
export function formatTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
