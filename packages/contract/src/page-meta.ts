/**
 * The title and description of each public page. The server writes them into the HTML it serves
 * (so crawlers and link previews see them without running the app), and each page sets the same
 * ones when the app navigates to it.
 */
export interface PageMeta {
  title: string;
  description: string;
}

export const SITE_NAME = 'Voltforge';

/** What the browser tab shows: the page's title with the shop's name. */
export function documentTitle(title: string): string {
  return title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
}
