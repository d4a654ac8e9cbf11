import { ComingSoon } from '../../components/ui/coming-soon';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function AboutPage() {
  usePageMeta(
    'About Us',
    'Who Voltforge is: a manufacturer of electrical and electronic tools and components.',
  );
  return (
    <PageContainer>
      <PageHeading>About Us</PageHeading>
      <ComingSoon />
    </PageContainer>
  );
}
