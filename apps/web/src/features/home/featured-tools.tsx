import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { ToolCard } from '../../components/tool/tool-card';
import { HOME_TOOL_COUNT } from '@voltforge/contract/catalog';
import { useFeaturedTools } from './api/get-featured-tools';

/** The newest tools, with a way into the whole catalogue. */
export function FeaturedTools() {
  const tools = useFeaturedTools();
  return (
    <section aria-labelledby="tools-heading" className="below-fold bg-base-200">
      <div className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="tools-heading" className="text-3xl font-bold tracking-tight">
              Tools
            </h2>
            <p className="mt-2 max-w-xl text-base-content/75">
              The latest from our factory floor. Order in the quantities your work needs.
            </p>
          </div>
          <Link to={paths.tools} className="btn btn-outline btn-primary">
            View all tools
          </Link>
        </div>
        {tools.isPending ? (
          // Holds roughly the grid's height, so the sections below do not jump when it arrives.
          <div className="flex min-h-[40rem] items-center justify-center">
            <Spinner label="Loading tools" />
          </div>
        ) : tools.isError ? (
          <QueryError message={tools.error.message} onRetry={() => void tools.refetch()} />
        ) : tools.data.items.length === 0 ? (
          <p className="text-base-content/75">New tools are on their way. Check back soon.</p>
        ) : (
          <ul
            aria-label={`Latest ${HOME_TOOL_COUNT} tools`}
            className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
          >
            {tools.data.items.map((tool) => (
              <li key={tool._id}>
                <ToolCard tool={tool} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
