import { TOOL_VIEW_DATASET, TOOL_VIEW_STORAGE_KEY } from '../lib/first-paint/tool-view-protocol';

/**
 * The catalogue's view, cards or list, as the visitor last chose it (features/catalog/tool-view.ts
 * keeps it and sets the same attribute when it changes). The server's HTML is the same for
 * everyone and shows either view by CSS; setting the attribute before the app hydrates means a
 * remembered list neither re-renders the page nor moves it.
 */
export function applySavedToolView(): void {
  try {
    if (localStorage.getItem(TOOL_VIEW_STORAGE_KEY) === 'list') {
      document.documentElement.dataset[TOOL_VIEW_DATASET] = 'list';
    }
  } catch {
    // Storage can be off (a privacy setting): the cards it is.
  }
}
