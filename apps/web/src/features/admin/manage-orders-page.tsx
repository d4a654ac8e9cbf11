import { ComingSoon } from '../../components/ui/coming-soon';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function ManageOrdersPage() {
  usePageMeta('Manage All Orders', 'Voltforge administration: every order.');
  return (
    <>
      <PageHeading>Manage All Orders</PageHeading>
      <ComingSoon />
    </>
  );
}
