import { useParams } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the payment issue lands; its own chunk so visitors never download it. */
export function PaymentPage() {
  const { id = '' } = useParams();
  usePageMeta(`Pay for ${id}`, 'Pay for your Voltforge order by card.');
  return (
    <>
      <PageHeading>Pay for {id}</PageHeading>
      <ComingSoon>Card payment for this order is on its way.</ComingSoon>
    </>
  );
}
