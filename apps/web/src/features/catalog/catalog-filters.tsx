import {
  catalogSorts,
  toolSortLabels,
  type CatalogState,
  type ToolOrder,
} from '@voltforge/contract/catalog';
import type { ToolFacets } from '@voltforge/contract/tool';
import { SearchForm } from '../../components/ui/search-form';
import { useId, type FormEvent } from 'react';

interface CatalogFiltersProps {
  state: CatalogState;
  /** The counts the server answered with the list; absent until the first answer. */
  facets: ToolFacets | undefined;
  onChange: (next: Partial<CatalogState>) => void;
}

const PRICE_INPUT_PATTERN = '\\d{1,6}(\\.\\d{1,2})?';

/**
 * Search by name or part number, category, stock, price and sort, each with the number of tools
 * it would show. Every change goes to the URL; the page reads it back.
 */
export function CatalogFilters({ state, facets, onChange }: CatalogFiltersProps) {
  const categoryId = useId();
  const sortId = useId();
  const stockId = useId();
  const minId = useId();
  const maxId = useId();
  const counted = facets?.categories ?? [];
  // A category from an old link may have no match now; it still shows as the current choice.
  const options =
    state.category && !counted.some((c) => c.category === state.category)
      ? [...counted, { category: state.category, count: 0 }]
      : counted;
  const all = counted.reduce((sum, c) => sum + c.count, 0);

  function submitPrice(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    onChange({ minPrice: read('minPrice'), maxPrice: read('maxPrice') });
  }

  return (
    <div className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-200/60 p-4">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end">
        <SearchForm
          label="Search tools by name or part number"
          value={state.search}
          onSearch={(typed) => onChange({ search: typed ?? '' })}
          placeholder="e.g. multimeter or VF-DM200"
          className="flex flex-1 flex-col gap-1"
          size="md"
        />
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
              <option value="">All categories ({all})</option>
              {options.map((c) => (
                <option key={c.category} value={c.category}>
                  {c.category} ({c.count})
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
              onChange={(event) => onChange({ sort: event.target.value as ToolOrder })}
            >
              {catalogSorts(state.search).map((sort) => (
                <option key={sort} value={sort}>
                  {toolSortLabels[sort]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="flex min-h-10 items-center gap-2">
          <input
            id={stockId}
            type="checkbox"
            className="checkbox checkbox-primary"
            checked={state.inStock}
            onChange={(event) => onChange({ inStock: event.target.checked })}
          />
          <label htmlFor={stockId} className="text-sm font-medium">
            In stock only ({facets?.inStock ?? 0})
          </label>
        </div>
        {/* Keyed on the URL's values, so Back and links reset what the boxes show. */}
        <form
          key={`${state.minPrice}-${state.maxPrice}`}
          onSubmit={submitPrice}
          aria-label="Price"
          className="flex flex-wrap items-end gap-2"
        >
          <div className="flex w-28 flex-col gap-1">
            <label htmlFor={minId} className="text-sm font-medium">
              Min price ($)
            </label>
            <input
              id={minId}
              name="minPrice"
              inputMode="decimal"
              pattern={PRICE_INPUT_PATTERN}
              title="An amount in dollars, e.g. 25 or 19.99"
              defaultValue={state.minPrice}
              placeholder={facets?.price ? facets.price.min.toFixed(2) : ''}
              className="input w-full"
            />
          </div>
          <div className="flex w-28 flex-col gap-1">
            <label htmlFor={maxId} className="text-sm font-medium">
              Max price ($)
            </label>
            <input
              id={maxId}
              name="maxPrice"
              inputMode="decimal"
              pattern={PRICE_INPUT_PATTERN}
              title="An amount in dollars, e.g. 25 or 19.99"
              defaultValue={state.maxPrice}
              placeholder={facets?.price ? facets.price.max.toFixed(2) : ''}
              className="input w-full"
            />
          </div>
          <button type="submit" className="btn btn-outline btn-primary">
            Apply price
          </button>
        </form>
      </div>
    </div>
  );
}
