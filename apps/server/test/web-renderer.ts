import { importWithScopedAsyncStorage } from '../src/adapters/react-dom-server.ts';
import type { ServerRenderer } from '../src/plugins/web/server-renderer.ts';

// The web app's own server renderer, from its sources: what the built dist/ssr/entry-server.js is.
// (A computed URL: the server's TypeScript project does not compile the web app's JSX.)
const webEntry = new URL('../../web/src/entry-server.tsx', import.meta.url).href;
// Loaded as the server loads the built one (serverRendererOf): React's AsyncLocalStorage scoped.
export const webRenderer = (await importWithScopedAsyncStorage(
  () => import(/* @vite-ignore */ webEntry),
)) as ServerRenderer;

/** What is inside `<div id="root">`: the page before any script has run. */
export const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? '';

/** The text a reader sees, tags stripped and React's entities read back. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
