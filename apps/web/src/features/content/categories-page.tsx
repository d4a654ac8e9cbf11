import { ComingSoon } from '../../components/ui/coming-soon';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function CategoriesPage() {
  usePageMeta('Categories', 'Browse Voltforge tools and components by category.');
  return (
    <PageContainer>
      <PageHeading>Categories</PageHeading>
      <ComingSoon />
    </PageContainer>
  );
}
