import { MAX_SEARCH_LENGTH } from '@voltforge/contract/catalog';
import type { Tool } from '@voltforge/contract/tool';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import { useNavigate } from 'react-router';
import { fetchPage, type Page } from '../../lib/api/paged-fetch';
import { paths } from '../../lib/paths';

/** Suggestions come from this many characters on, this long after the last one typed. */
const SUGGEST_FROM_CHARS = 2;
const SUGGEST_AFTER_MS = 150;
const SUGGESTION_COUNT = 6;

/**
 * GET /api/tool: the catalogue's best matches for the text, a few. Not through `getTools`
 * (lib/api/get-tools.ts): its module carries the list's query hooks, and sharing it with this
 * chunk split those out of the home page's chunks into smaller ones, 0.8 kB gzip more for it.
 */
function getSuggestions(text: string, signal: AbortSignal): Promise<Page<Tool>> {
  const query = { search: text.slice(0, MAX_SEARCH_LENGTH), pageSize: `${SUGGESTION_COUNT}` };
  return fetchPage<Tool>(`/tool?${new URLSearchParams(query)}`, signal);
}

/** What the search box shows of the list: whether it is open, and which option is active. */
export interface SuggestionsView {
  open: boolean;
  activeId: string | undefined;
}

interface ToolSuggestionsProps {
  /** The header's search box, inside its form. */
  input: RefObject<HTMLInputElement | null>;
  listId: string;
  onView: (view: SuggestionsView) => void;
}

/** Calls `changed` when the box's text or focus may have changed; answers how to stop. */
function watchBox(input: RefObject<HTMLInputElement | null>, changed: () => void): () => void {
  const box = input.current;
  const form = box?.form;
  if (!box || !form) return () => {};
  // Once the event is over: a form's reset event comes before its fields are emptied, and the
  // focus may not have moved yet while its events are dispatched.
  const after = () => queueMicrotask(changed);
  box.addEventListener('input', changed);
  box.addEventListener('focusin', after);
  box.addEventListener('focusout', after);
  form.addEventListener('reset', after);
  return () => {
    box.removeEventListener('input', changed);
    box.removeEventListener('focusin', after);
    box.removeEventListener('focusout', after);
    form.removeEventListener('reset', after);
  };
}

/**
 * The box's text (trimmed) and whether it has the focus, followed as they change: the box is the
 * page's own field, typed in before this code was loaded, so it is read rather than copied.
 */
function useBox(input: RefObject<HTMLInputElement | null>) {
  const subscribe = useCallback((changed: () => void) => watchBox(input, changed), [input]);
  const text = useSyncExternalStore(subscribe, () => input.current?.value.trim() ?? '');
  const focused = useSyncExternalStore(subscribe, () => document.activeElement === input.current);
  return { text, focused };
}

/**
 * The header search's suggestions: the best matches for what is typed (GET /api/tool, the
 * catalogue's search, which matches part numbers first), by part number and name, in the
 * listbox of an ARIA combobox (the "list autocomplete" pattern): Down and Up move through them,
 * Enter or a click opens the tool's page, Escape closes the list; Enter without a chosen one
 * sends the search to the catalogue. Each request waits for a pause in typing and is cancelled by
 * the next. Listens to the box itself: the box is server-rendered before this code is loaded.
 */
export function ToolSuggestions({ input, listId, onView }: ToolSuggestionsProps) {
  const navigate = useNavigate();
  const { text, focused } = useBox(input);
  const [tools, setTools] = useState<Tool[]>([]);
  const [active, setActive] = useState(-1);
  // Escape closes the list until the next keystroke or focus.
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (text.length < SUGGEST_FROM_CHARS) return;
    const request = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions(text, request.signal).then(
        (page) => {
          if (request.signal.aborted) return;
          setTools(page.items);
          setActive(-1);
        },
        // No suggestions then; the search itself still works.
        () => {
          if (!request.signal.aborted) setTools([]);
        },
      );
    }, SUGGEST_AFTER_MS);
    return () => {
      clearTimeout(timer);
      request.abort();
    };
  }, [text]);

  // The last answer stays on screen while the next is on its way, so the list does not flicker.
  const shown = text.length >= SUGGEST_FROM_CHARS ? tools : [];
  const open = focused && !dismissed && shown.length > 0;
  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;

  // Before the paint, so the box never shows a state the list is not in.
  useLayoutEffect(() => onView({ open, activeId }), [open, activeId, onView]);

  // Goes to a page, leaving the box empty, and the focus to the page's content (the skip link's
  // target), so a phone's keyboard closes and the next Tab starts in the page.
  const go = (to: string) => {
    void navigate(to);
    input.current?.form?.reset();
    document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
  };

  useLayoutEffect(() => {
    const box = input.current;
    const form = box?.form;
    if (!box || !form) return;

    const onInput = () => {
      setActive(-1);
      setDismissed(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const count = shown.length;
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        setDismissed(false);
        if (!open) setActive(down ? 0 : count - 1);
        else if (down) setActive((active + 1) % count);
        else setActive(active <= 0 ? count - 1 : active - 1);
      } else if (event.key === 'Enter' && open && active >= 0) {
        event.preventDefault();
        go(paths.tool(shown[active]!._id));
      } else if (event.key === 'Escape' && open) {
        // Closes the list and keeps the text; a second Escape clears the box as usual.
        event.preventDefault();
        setDismissed(true);
        setActive(-1);
      }
    };
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      const search = box.value.trim();
      go(search ? `${paths.tools}?${new URLSearchParams({ [box.name]: search })}` : paths.tools);
    };
    const onFocus = () => setDismissed(false);
    const onFocusOut = () => setActive(-1);

    box.addEventListener('input', onInput);
    box.addEventListener('keydown', onKeyDown);
    box.addEventListener('focus', onFocus);
    box.addEventListener('focusout', onFocusOut);
    form.addEventListener('submit', onSubmit);
    return () => {
      box.removeEventListener('input', onInput);
      box.removeEventListener('keydown', onKeyDown);
      box.removeEventListener('focus', onFocus);
      box.removeEventListener('focusout', onFocusOut);
      form.removeEventListener('submit', onSubmit);
    };
  });

  if (!open) return null;
  // The active option looks like the menus' current item. A press on an option must not take the
  // focus from the box, which would close the list.
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label="Suggested tools"
      className="absolute inset-x-0 z-50 mt-1 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
      onMouseDown={(event) => event.preventDefault()}
    >
      {shown.map((tool, i) => (
        <li
          key={tool._id}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={i === active}
          className={`flex cursor-pointer gap-2 rounded-field px-3 py-1.5 text-sm ${i === active ? 'bg-neutral text-neutral-content' : 'hover:bg-base-200'}`}
          onClick={() => go(paths.tool(tool._id))}
        >
          <span className="shrink-0 font-mono font-semibold">{tool.partNumber}</span>
          <span
            className={`min-w-0 truncate ${i === active ? 'text-neutral-content/85' : 'text-base-content/75'}`}
          >
            {tool.name}
          </span>
        </li>
      ))}
    </ul>
  );
}
