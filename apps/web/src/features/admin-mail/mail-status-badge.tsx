import { mailStatusLabels, type MailStatus } from '@voltforge/contract/mail';

const tone: Record<MailStatus, string> = {
  pending: 'badge-warning',
  sending: 'badge-info',
  sent: 'badge-success',
  failed: 'badge-error',
  kept: 'badge-neutral',
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  return (
    <span className={`badge badge-soft whitespace-nowrap ${tone[status]}`}>
      {mailStatusLabels[status]}
    </span>
  );
}
