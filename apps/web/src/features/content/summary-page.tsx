import { ComingSoon } from '../../components/ui/coming-soon';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function SummaryPage() {
  usePageMeta(
    'Summary',
    'A summary of the Voltforge shop: tools, orders and customers at a glance.',
  );
  return (
    <PageContainer>
      <PageHeading>Summary</PageHeading>
      <ComingSoon />
    </PageContainer>
  );
}
