import { ComingSoon } from '../../components/ui/coming-soon';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function AddToolPage() {
  usePageMeta('Add Products', 'Voltforge administration: add a tool to the catalogue.');
  return (
    <>
      <PageHeading>Add Products</PageHeading>
      <ComingSoon />
    </>
  );
}
