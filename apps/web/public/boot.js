// The first script of a page the server rendered (docs/decisions/007-server-rendering.md): the
// page is readable without the app, so the app's entry (named by `data-app`) is fetched once the
// page has painted, instead of competing with the stylesheet and the page's main image for the
// first paint. A hidden tab starts it at once (it would get no frame to wait for).
const app = document.querySelector('script[data-app]')?.getAttribute('data-app');
const start = () => {
  if (app && app.startsWith('/assets/')) void import(app);
};
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
