import { ComingSoon } from '../../components/ui/coming-soon';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function UpdateProfilePage() {
  usePageMeta('Update Your Profile', 'Update your Voltforge profile.');
  return (
    <>
      <PageHeading>Update Your Profile</PageHeading>
      <ComingSoon />
    </>
  );
}
