// The first script of a page the server rendered (docs/decisions/007-server-rendering.md).
//
// The page is readable without the app, so the app's entry (named by `data-app`) is fetched once
// the page has painted, instead of competing with the stylesheet and the page's main image for
// the first paint. A hidden tab starts it at once (it would get no frame to wait for).
//
// Until the app has hydrated the page, its controls would not work: a button would do nothing, a
// form would submit natively (a GET with its fields, a password included, in the URL) and what was
// typed could be reset. So the page is inert until then (app/router.tsx lifts it). Without
// JavaScript this never runs, and the page's links work as plain links.
const root = document.getElementById('root');
if (root?.firstChild && !root.hasAttribute('data-hydrated')) root.inert = true;

const app = document.querySelector('script[data-app]')?.getAttribute('data-app');
const start = () => {
  if (app && app.startsWith('/assets/')) void import(app);
};
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));

// The catalogue's view, cards or list, as the visitor last chose it (features/catalog/tool-view.ts
// keeps it under this key and sets this attribute when it changes). The server's HTML is the same
// for everyone and shows either view by CSS; setting the attribute here, before the app hydrates,
// means a remembered list neither re-renders the page nor moves it.
try {
  if (localStorage.getItem('voltforge.toolView') === 'list') {
    document.documentElement.dataset.toolView = 'list';
  }
} catch {
  // Storage can be off (a privacy setting): the cards it is.
}
