import { useParams } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function ManageOrderPage() {
  const { id = '' } = useParams();
  usePageMeta('Manage Order', 'Manage one of your Voltforge orders.');
  return (
    <>
      <PageHeading>Manage Order</PageHeading>
      <ComingSoon>Managing order {id} is on its way.</ComingSoon>
    </>
  );
}
