import { ComingSoon } from '../../components/ui/coming-soon';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function AddReviewPage() {
  usePageMeta('Add Review', 'Tell other customers what you think of Voltforge.');
  return (
    <>
      <PageHeading>Add Review</PageHeading>
      <ComingSoon />
    </>
  );
}
