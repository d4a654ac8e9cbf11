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
    document.title = documentTitle(title);
    descriptionTag().content = description;
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) canonical.href = `${window.location.origin}${window.location.pathname}`;
  }, [title, description]);
}
