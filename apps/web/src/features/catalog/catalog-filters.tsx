import {
  toolSortLabels,
  toolSorts,
  type CatalogState,
  type ToolSort,
} from '@voltforge/contract/catalog';
import type { ToolCategory } from '@voltforge/contract/tool';
import { useId, type FormEvent } from 'react';

interface CatalogFiltersProps {
  state: CatalogState;
  categories: ToolCategory[];
  onChange: (next: Partial<CatalogState>) => void;
}

/** Search by name or part number, category and sort. Every change goes to the URL; the page reads it back. */
export function CatalogFilters({ state, categories, onChange }: CatalogFiltersProps) {
  const searchId = useId();
  const categoryId = useId();
  const sortId = useId();
  // A category from an old link may no longer exist; it still shows as the current choice.
  const options =
    state.category && !categories.some((c) => c.category === state.category)
      ? [...categories, { category: state.category, count: 0 }]
      : categories;

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('search');
    onChange({ search: typeof value === 'string' ? value.trim() : '' });
  }

  return (
    <div className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-200/60 p-4 lg:flex-row lg:items-end">
      <form role="search" onSubmit={submitSearch} className="flex flex-1 flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search tools by name or part number
        </label>
        <div className="join w-full">
          {/* Keyed on the URL's value, so Back and links reset what the box shows. */}
          <input
            key={state.search}
            id={searchId}
            name="search"
            type="search"
            defaultValue={state.search}
            maxLength={100}
            placeholder="e.g. multimeter or VF-DM200"
            className="input join-item w-full"
          />
          <button type="submit" className="btn btn-primary join-item">
            Search
          </button>
        </div>
      </form>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:w-[28rem]">
        <div className="flex flex-col gap-1">
          <label htmlFor={categoryId} className="text-sm font-medium">
            Category
          </label>
          <select
            id={categoryId}
            className="select w-full"
            value={state.category}
            onChange={(event) => onChange({ category: event.target.value })}
          >
            <option value="">All categories</option>
            {options.map((c) => (
              <option key={c.category} value={c.category}>
                {c.category}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={sortId} className="text-sm font-medium">
            Sort by
          </label>
          <select
            id={sortId}
            className="select w-full"
            value={state.sort}
            onChange={(event) => onChange({ sort: event.target.value as ToolSort })}
          >
            {toolSorts.map((sort) => (
              <option key={sort} value={sort}>
                {toolSortLabels[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
