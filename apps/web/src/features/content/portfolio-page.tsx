import { ComingSoon } from '../../components/ui/coming-soon';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function PortfolioPage() {
  usePageMeta(
    'Portfolio',
    'The developer behind the Voltforge storefront: skills, projects and education.',
  );
  return (
    <PageContainer>
      <PageHeading>Portfolio</PageHeading>
      <ComingSoon />
    </PageContainer>
  );
}
