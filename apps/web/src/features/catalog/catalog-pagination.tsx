import { Link } from 'react-router';
import { catalogSearch, type CatalogState } from '@voltforge/contract/catalog';

interface CatalogPaginationProps {
  state: CatalogState;
  pageCount: number;
}

/** The pages to offer: first, last, and the current page's neighbours, with gaps marked. */
function visiblePages(current: number, count: number): (number | 'gap')[] {
  const wanted = new Set([1, count, current - 1, current, current + 1]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= count).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of pages) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

/** Real links, so a page of results can be opened in a new tab, shared and reached with Back. */
export function CatalogPagination({ state, pageCount }: CatalogPaginationProps) {
  if (pageCount <= 1) return null;
  const to = (page: number) => ({ search: catalogSearch({ ...state, page }) });
  const prev = state.page - 1;
  const next = state.page + 1;
  return (
    <nav aria-label="Pagination" className="mt-8 flex justify-center">
      <ul className="join">
        <li>
          {prev >= 1 ? (
            <Link to={to(prev)} className="join-item btn" rel="prev">
              Previous
            </Link>
          ) : (
            <span className="join-item btn btn-disabled" aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {visiblePages(state.page, pageCount).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`}>
              <span className="join-item btn btn-disabled" aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={p}>
              <Link
                to={to(p)}
                className={`join-item btn${p === state.page ? ' btn-primary' : ''}`}
                aria-current={p === state.page ? 'page' : undefined}
                aria-label={`Page ${p}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {next <= pageCount ? (
            <Link to={to(next)} className="join-item btn" rel="next">
              Next
            </Link>
          ) : (
            <span className="join-item btn btn-disabled" aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
