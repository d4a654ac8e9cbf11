import { documentTitle } from '@voltforge/contract/page-meta';
import { useEffect } from 'react';

function descriptionTag(): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (existing) return existing;
  const meta = document.createElement('meta');
  meta.name = 'description';
  document.head.append(meta);
  return meta;
}

/**
 * Sets the tab title and the meta description for the page that calls it. The server serves each
 * public page with both (and its canonical link) already in the HTML; this keeps them right as
 * the app moves between pages, the canonical link included.
 */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    // Written only when they change: a page the server rendered has them right already, and
    // setting the title is a message to the browser, part of hydration's last task.
    const nextTitle = documentTitle(title);
    if (document.title !== nextTitle) document.title = nextTitle;
    const tag = descriptionTag();
    if (tag.content !== description) tag.content = description;
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const href = `${window.location.origin}${window.location.pathname}`;
    if (canonical && canonical.href !== href) canonical.href = href;
  }, [title, description]);
}
