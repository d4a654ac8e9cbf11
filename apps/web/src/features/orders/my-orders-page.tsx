import { ComingSoon } from '../../components/ui/coming-soon';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function MyOrdersPage() {
  usePageMeta('My Orders', 'Your Voltforge orders and their payment status.');
  return (
    <>
      <PageHeading>My Orders</PageHeading>
      <ComingSoon />
    </>
  );
}
