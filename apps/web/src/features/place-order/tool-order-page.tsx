import { pageMeta } from '@voltforge/contract/public-pages';
import type { Tool } from '@voltforge/contract/tool';
import { useDeferredValue } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { ApiError } from '../../lib/api/api-client';
import { authClient } from '../../lib/auth/auth-client';
import { toolQuery, useTool } from '../../lib/api/get-tool';
import { shopTermsQuery } from '../../lib/api/get-shop-terms';
import { pageLoader } from '../../lib/first-paint/page-loader';
import { savedDeliveryQueries, useSavedDelivery } from '../../lib/api/use-saved-delivery';
import { AddToCartForm } from './components/add-to-cart-form';
import { OrderForm } from './components/order-form';
import { ToolDetails, ToolSummary } from './components/tool-summary';

function LoadFailed({ error, retry }: { error: Error; retry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div role="alert" className="alert alert-soft alert-warning max-w-2xl">
        <span>This tool is not available. It may have been removed from the catalogue.</span>
        <Link to={paths.tools} className="btn btn-sm">
          Browse tools
        </Link>
      </div>
    );
  }
  return <QueryError message={error.message} onRetry={retry} />;
}

/** The order form, once it knows where the buyer delivers to (as checkout starts from). */
function SignedInOrderForm({
  tool,
  user,
}: {
  tool: Tool;
  user: { id: string; name: string; email: string };
}) {
  const saved = useSavedDelivery(user.id);
  if (!saved) return <Spinner block label="Loading your delivery details" />;
  return (
    <OrderForm
      key={tool._id}
      tool={tool}
      customer={{ name: user.name, email: user.email }}
      delivery={saved.delivery}
    />
  );
}

/** The tool, the shop's terms its order form works out shipping from, and where it delivers. */
export const loader = import.meta.env.SSR
  ? pageLoader(({ params, user }) => [
      toolQuery(params.id ?? ''),
      shopTermsQuery(),
      ...(user ? savedDeliveryQueries(user.id) : []),
    ])
  : undefined;

/**
 * /tool/:id — the tool order page (signed-in only; the router's guard sees to that). The tool
 * shows as soon as it is known (it usually comes with the page's HTML); the order form, which
 * needs the customer's name and address, waits for the session.
 */
export function ToolOrderPage() {
  const { id = '' } = useParams();
  usePageMeta(pageMeta.tool.title, pageMeta.tool.description);
  const tool = useTool(id);
  // The order form (the page's biggest part) appears in a render of its own that React can
  // interrupt, not in the same task as the session's answer.
  const session = useDeferredValue(authClient.useSession().data);

  return (
    <PageContainer>
      <PageHeading>Place To Orders</PageHeading>
      {tool.isPending ? (
        <Spinner block label="Loading the tool" />
      ) : tool.isError ? (
        <LoadFailed error={tool.error} retry={() => void tool.refetch()} />
      ) : (
        // On a phone the cart's quantity and button follow the tool's summary directly (within
        // the first screen), then the specification's order form, then the price breaks and
        // description; on a wide screen the cart form heads the right column, beside the
        // summary's price, the order form under it, the details under the summary. The markup
        // is in the phone's order, so focus follows it.
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:grid-rows-[auto_auto_1fr]">
          <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
            <ToolSummary tool={tool.data} />
          </div>
          <div className="lg:col-start-2 lg:row-start-1">
            <AddToCartForm key={tool.data._id} tool={tool.data} />
          </div>
          <div className="lg:col-start-2 lg:row-span-2 lg:row-start-2">
            {session ? (
              <SignedInOrderForm tool={tool.data} user={session.user} />
            ) : (
              <Spinner block label="Checking your session" />
            )}
          </div>
          <div className="lg:col-start-1 lg:row-start-3">
            <ToolDetails tool={tool.data} />
          </div>
        </div>
      )}
    </PageContainer>
  );
}
