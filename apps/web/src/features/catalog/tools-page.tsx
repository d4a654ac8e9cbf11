import { ComingSoon } from '../../components/ui/coming-soon';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function ToolsPage() {
  usePageMeta('Tools', 'The full Voltforge catalogue of electrical tools and components.');
  return (
    <PageContainer>
      <PageHeading>Tools</PageHeading>
      <ComingSoon />
    </PageContainer>
  );
}
