// The first script of a page the server rendered (docs/decisions/007-server-rendering.md).
//
// The page is readable without the app, so the app's entry (named by `data-app`) is fetched once
// the page has painted, instead of competing with the stylesheet and the page's main image for
// the first paint. A hidden tab starts it at once (it would get no frame to wait for).
//
// Until the app has hydrated the page, its controls have no handlers: a button would do nothing,
// a form would submit natively (a GET with its fields, a password included, in the URL). On a slow
// phone that lasts long enough for a tap to land in it, and a lost tap is a shop that seems broken.
// So, until then, a tap on a control and a form's submission are held (their default action
// stopped) and done again, in order, once the page has hydrated (app/router.tsx marks
// the root `data-hydrated`), as if it had come then. Typing is let through: the text stays in the
// field, and a field typed in is announced to the app once it listens, so its state agrees with
// what the field shows. Without JavaScript this never runs, and the page works as plain HTML.
// If the app cannot load at all, what was held is let go: links work as plain links again.
const root = document.getElementById('root');
const release =
  root?.firstChild && !root.hasAttribute('data-hydrated') ? holdUntilHydrated(root) : () => {};

function holdUntilHydrated(root) {
  // Taps and submissions in the order they came; a repeat of the one before is one tap (a visitor
  // tapping again because nothing happened).
  const held = { actions: [], typed: new Set() };
  // The first thing held is announced (`voltforge:held` on the root, once), so the app can get
  // ready for it while it hydrates: a form fetches its checks (src/lib/forms/lazy-resolver.ts).
  let announced = false;
  const announce = () => {
    if (announced) return;
    announced = true;
    root.setAttribute('data-held', '');
    root.dispatchEvent(new Event('voltforge:held', { bubbles: true }));
  };
  const hold = (action) => {
    announce();
    const last = held.actions.at(-1);
    if (last?.el !== action.el || last?.submitter !== action.submitter) held.actions.push(action);
  };
  const hydrated = () => root.hasAttribute('data-hydrated');
  // What a tap acts on. A tap in a text field only focuses it, and a <details> opens by itself:
  // neither needs the app.
  const control = (target) => {
    const el =
      target instanceof Element
        ? target.closest('a[href],button,label,input,select,[role=button]')
        : null;
    if (!el || !root.contains(el)) return null;
    const typing = el.matches(
      'input:not([type=checkbox],[type=radio],[type=submit],[type=button],[type=reset]),select',
    );
    return typing ? null : el;
  };
  const onClick = (event) => {
    if (hydrated()) return;
    const el = control(event.target);
    if (!el) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold({ el });
  };
  const onSubmit = (event) => {
    if (hydrated() || !root.contains(event.target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold({ el: event.target, form: true, submitter: event.submitter ?? null });
  };
  const onInput = (event) => {
    if (hydrated() || !root.contains(event.target)) return;
    announce();
    held.typed.add(event.target);
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('input', onInput, true);

  const stopHolding = () => {
    root.removeAttribute('data-held');
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('input', onInput, true);
  };
  const replay = () => {
    stopHolding();
    // React took the field's text as its starting value without a change: setting it back from
    // an empty value, past React's own setter, lets React see the typing as a change.
    for (const field of held.typed) {
      if (!field.isConnected || !('value' in field)) continue;
      // A choice in a drop-down: React reads the field's value on its change event.
      if (field instanceof HTMLSelectElement) {
        field.dispatchEvent(new Event('change', { bubbles: true }));
        continue;
      }
      const typed = field.value;
      const proto = Object.getPrototypeOf(field);
      const setValue = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
      if (!setValue || field.type === 'file') continue;
      field.value = '';
      setValue.call(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    for (const { el, form, submitter } of held.actions) {
      if (!el.isConnected) continue;
      if (!form) el.click();
      else
        el.requestSubmit(submitter?.isConnected && submitter.form === el ? submitter : undefined);
    }
  };
  // The app failed to load: a held link is followed; a form is not sent natively (its fields,
  // a password among them, would go in the URL).
  const giveUp = () => {
    observer.disconnect();
    stopHolding();
    const link = held.actions.findLast(({ el }) => el.matches('a[href]') && el.isConnected);
    link?.el.click();
  };
  // The app marks the root `data-hydrated` once it has hydrated, `data-app-failed` when a part of
  // it loaded after the entry (React DOM) could not be.
  const observer = new MutationObserver(() => {
    if (root.hasAttribute('data-app-failed')) return giveUp();
    if (!hydrated()) return;
    observer.disconnect();
    replay();
  });
  observer.observe(root, {
    attributes: true,
    attributeFilter: ['data-hydrated', 'data-app-failed'],
  });
  return giveUp;
}

const boot = document.querySelector('script[data-app]');
const app = boot?.getAttribute('data-app');
// The app's other chunks that this page needs (React DOM, the page's own): fetched alongside the
// entry, each then evaluated when the entry asks for it.
const preload = (boot?.getAttribute('data-preload') ?? '')
  .split(' ')
  .filter((url) => url.startsWith('/assets/'));
// A preload link starts its request as it is added, which while the page is still loading took
// up to 20 ms a link on a slow phone: the 15-21 links of a page, added in one go, made one task of
// 70-280 ms (up to 500) just as the page could first be used (docs/performance.md, "Slow phones").
// So they are added a few milliseconds' worth at a time, with the browser free in between (all at
// once on a fast device), the entry first.
const SLICE_MS = 8;
const addPreloads = (from) => {
  const until = performance.now() + SLICE_MS;
  let next = from;
  while (next < preload.length && performance.now() < until) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = preload[next++];
    document.head.append(link);
  }
  if (next < preload.length) setTimeout(() => addPreloads(next), 0);
};
const start = () => {
  if (!app || !app.startsWith('/assets/')) return;
  import(app).catch(release);
  addPreloads(0);
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
