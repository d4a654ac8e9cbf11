import { ComingSoon } from '../../components/ui/coming-soon';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function ManageToolsPage() {
  usePageMeta('Manage All Products', 'Voltforge administration: every tool in the catalogue.');
  return (
    <>
      <PageHeading>Manage All Products</PageHeading>
      <ComingSoon />
    </>
  );
}
