import { lazy, Suspense, useId, useRef, useState } from 'react';
import { LineIcon } from '../../components/ui/line-icon';
import { paths } from '../../lib/paths';
import type { SuggestionsView } from './tool-suggestions';

// The suggestions (their requests, list and keys) load when the box is first focused or typed
// in: a visitor who never searches from the header downloads none of it.
const ToolSuggestions = lazy(() =>
  import('./tool-suggestions').then((m) => ({ default: m.ToolSuggestions })),
);

const SEARCH_ICON = 'M11 3a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm10 18-4.35-4.35';

/**
 * The header's catalogue search. A plain GET form to the catalogue with its `search` parameter,
 * so it works before the app's code runs and without it; once used, the suggestions' code takes
 * over sending it (a page change in the app) and suggests tools by part number and name, as an
 * ARIA combobox whose state this box shows.
 */
export function HeaderSearch({ className }: { className: string }) {
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [used, setUsed] = useState(false);
  const [view, setView] = useState<SuggestionsView>({ open: false, activeId: undefined });
  const use = () => setUsed(true);

  return (
    <form
      role="search"
      aria-label="Catalogue"
      action={paths.tools}
      method="get"
      className={`relative ${className}`}
      onFocus={use}
      onInput={use}
    >
      <label htmlFor={id} className="sr-only">
        Search tools
      </label>
      <div className="join w-full">
        <input
          ref={input}
          id={id}
          name="search"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={view.open}
          aria-controls={view.open ? listId : undefined}
          aria-activedescendant={view.activeId}
          autoComplete="off"
          enterKeyHint="search"
          placeholder="Part number or name"
          className="input join-item w-full"
        />
        <button type="submit" aria-label="Find tools" className="btn btn-primary join-item">
          <LineIcon d={SEARCH_ICON} className="h-5 w-5" />
        </button>
      </div>
      {used ? (
        <Suspense fallback={null}>
          <ToolSuggestions input={input} listId={listId} onView={setView} />
        </Suspense>
      ) : null}
    </form>
  );
}
