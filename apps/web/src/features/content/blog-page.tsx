import { ComingSoon } from '../../components/ui/coming-soon';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function BlogPage() {
  usePageMeta(
    'Blog',
    'Questions and answers about React, JavaScript and testing from the Voltforge team.',
  );
  return (
    <PageContainer>
      <PageHeading>Blog</PageHeading>
      <ComingSoon />
    </PageContainer>
  );
}
