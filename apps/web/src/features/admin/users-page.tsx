import { ComingSoon } from '../../components/ui/coming-soon';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../components/ui/use-page-meta';

/** Placeholder until the issue that builds this page lands. */
export function UsersPage() {
  usePageMeta('All User', 'Voltforge administration: every user account.');
  return (
    <>
      <PageHeading>All User</PageHeading>
      <ComingSoon />
    </>
  );
}
