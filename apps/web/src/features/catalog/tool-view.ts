import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { TOOL_VIEW_DATASET, TOOL_VIEW_STORAGE_KEY } from '../../lib/first-paint/tool-view-protocol';

/**
 * The catalogue's view: cards (the default) or a compact list. The choice is kept in this browser
 * under `STORAGE_KEY` and shown through `<html data-tool-view="list">`, which the list-view CSS
 * variant (styles/shop.css) reads. The boot script sets the attribute from storage before the app
 * hydrates a server-rendered page, so the server's HTML (the same for every visitor, and cached
 * per URL) needs no second render for a remembered list, and nothing moves on load. The hook
 * reads storage only after hydration (the server's snapshot is "cards"), so hydration matches;
 * what it then changes is the toggle's pressed state, not the layout.
 */
export type ToolView = 'cards' | 'list';

/** Shared with the boot script, which applies it before hydration (src/boot/tool-view.ts). */
const STORAGE_KEY = TOOL_VIEW_STORAGE_KEY;

/** The choice made on this page when storage is off (a privacy setting): not remembered. */
let unstored: ToolView = 'cards';

function storedView(): ToolView {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'list' ? 'list' : 'cards';
  } catch {
    return unstored;
  }
}

function show(view: ToolView) {
  if (view === 'list') document.documentElement.dataset[TOOL_VIEW_DATASET] = 'list';
  else delete document.documentElement.dataset[TOOL_VIEW_DATASET];
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The server renders the cards; hydration starts from them, then reads the stored choice. */
const serverView = (): ToolView => 'cards';

export function useToolView(): [ToolView, (view: ToolView) => void] {
  const view = useSyncExternalStore(subscribe, storedView, serverView);
  // A page the app rendered itself had no boot script: the attribute is set here.
  useEffect(() => show(view), [view]);
  const choose = useCallback((next: ToolView) => {
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      unstored = next;
    }
    for (const listener of listeners) listener();
  }, []);
  return [view, choose];
}
