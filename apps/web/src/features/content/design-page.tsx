import { ComingSoon } from '../../components/ui/coming-soon';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function DesignPage() {
  usePageMeta(
    'Design and Development',
    'Voltforge design and development services for custom electrical components.',
  );
  return (
    <PageContainer>
      <PageHeading>Design and Development</PageHeading>
      <ComingSoon />
    </PageContainer>
  );
}
