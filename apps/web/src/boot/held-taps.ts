import {
  APP_FAILED_ATTRIBUTE,
  HELD_ATTRIBUTE,
  HELD_EVENT,
  HYDRATED_ATTRIBUTE,
} from '../lib/first-paint/boot-protocol';

/*
 * Until the app has hydrated a page the server rendered, its controls have no handlers: a button
 * would do nothing, a form would submit natively (a GET with its fields, a password included, in
 * the URL). On a slow phone that lasts long enough for a tap to land in it, and a lost tap is a
 * shop that seems broken. So, until then, a tap on a control and a form's submission are held
 * (their default action stopped) and done again, in order, once the page has hydrated
 * (lib/first-paint/hydration.ts marks the root), as if it had come then. Typing is let through:
 * the text stays in the field, and a field typed in is announced to the app once it listens, so
 * its state agrees with what the field shows. Without JavaScript this never runs, and the page
 * works as plain HTML. If the app cannot load at all, what was held is let go: links work as
 * plain links again.
 */

interface HeldAction {
  el: Element;
  form?: true;
  submitter?: HTMLElement | null;
}

/** A text field or a drop-down the visitor changed before hydration. */
type TypedField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Holds taps and submissions on `root` until it is marked hydrated; answers how to let go of them
 * should the app never come (links are then followed as plain links).
 */
export function holdUntilHydrated(root: HTMLElement): () => void {
  // Taps and submissions in the order they came; a repeat of the one before is one tap (a visitor
  // tapping again because nothing happened).
  const actions: HeldAction[] = [];
  const typed = new Set<TypedField>();
  // The first thing held is announced (once), so the app can get ready for it while it hydrates:
  // a form fetches its checks (`preloadWhenHeld`, lib/first-paint/hydration.ts).
  let announced = false;
  const announce = () => {
    if (announced) return;
    announced = true;
    root.setAttribute(HELD_ATTRIBUTE, '');
    root.dispatchEvent(new Event(HELD_EVENT, { bubbles: true }));
  };
  const hold = (action: HeldAction) => {
    announce();
    const last = actions.at(-1);
    if (last?.el !== action.el || last.submitter !== action.submitter) actions.push(action);
  };
  const hydrated = () => root.hasAttribute(HYDRATED_ATTRIBUTE);
  // What a tap acts on. A tap in a text field only focuses it, and a <details> opens by itself:
  // neither needs the app.
  const control = (target: EventTarget | null): Element | null => {
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
  const onClick = (event: MouseEvent) => {
    if (hydrated()) return;
    const el = control(event.target);
    if (!el) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold({ el });
  };
  const onSubmit = (event: SubmitEvent) => {
    if (hydrated() || !(event.target instanceof Element) || !root.contains(event.target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold({ el: event.target, form: true, submitter: event.submitter ?? null });
  };
  const onInput = (event: Event) => {
    if (hydrated() || !(event.target instanceof Element) || !root.contains(event.target)) return;
    announce();
    typed.add(event.target as TypedField);
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('input', onInput, true);

  const stopHolding = () => {
    root.removeAttribute(HELD_ATTRIBUTE);
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('input', onInput, true);
  };
  const replay = () => {
    stopHolding();
    // React took the field's text as its starting value without a change: setting it back from
    // an empty value, past React's own setter, lets React see the typing as a change.
    for (const field of typed) {
      if (!field.isConnected || !('value' in field)) continue;
      // A choice in a drop-down: React reads the field's value on its change event.
      if (field instanceof HTMLSelectElement) {
        field.dispatchEvent(new Event('change', { bubbles: true }));
        continue;
      }
      const value = field.value;
      const own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
      if (!own?.set || field.type === 'file') continue;
      field.value = '';
      own.set.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    for (const { el, form, submitter } of actions) {
      if (!el.isConnected) continue;
      if (!form) (el as HTMLElement).click();
      else {
        const owner = el as HTMLFormElement;
        owner.requestSubmit(
          submitter?.isConnected && (submitter as HTMLButtonElement).form === owner
            ? submitter
            : undefined,
        );
      }
    }
  };
  // The app failed to load: a held link is followed; a form is not sent natively (its fields,
  // a password among them, would go in the URL).
  const giveUp = () => {
    observer.disconnect();
    stopHolding();
    const link = actions.findLast(({ el }) => el.matches('a[href]') && el.isConnected);
    (link?.el as HTMLElement | undefined)?.click();
  };
  const observer = new MutationObserver(() => {
    if (root.hasAttribute(APP_FAILED_ATTRIBUTE)) return giveUp();
    if (!hydrated()) return;
    observer.disconnect();
    replay();
  });
  observer.observe(root, {
    attributes: true,
    attributeFilter: [HYDRATED_ATTRIBUTE, APP_FAILED_ATTRIBUTE],
  });
  return giveUp;
}
