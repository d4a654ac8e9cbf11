import { ComingSoon } from '../../components/ui/coming-soon';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function ItSupportPage() {
  usePageMeta('Our Support Section', 'Get help from the Voltforge support team, around the clock.');
  return (
    <PageContainer>
      <PageHeading>Our Support Section</PageHeading>
      <ComingSoon />
    </PageContainer>
  );
}
