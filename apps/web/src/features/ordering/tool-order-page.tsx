import { useParams } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function ToolOrderPage() {
  const { id = '' } = useParams();
  usePageMeta(
    'Place To Orders',
    'Order a Voltforge tool: choose a quantity and where to deliver it.',
  );
  return (
    <PageContainer>
      <PageHeading>Place To Orders</PageHeading>
      <ComingSoon>The order form for tool {id} is on its way.</ComingSoon>
    </PageContainer>
  );
}
