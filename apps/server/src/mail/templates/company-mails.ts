import {
  companyRoleLabels,
  INVITATION_DAYS,
  type CompanyRole,
} from '@voltforge/contract/company-rules';
import { mailLinkPaths } from '@voltforge/contract/mail-links';
import type { RenderedMail } from '../outbox.ts';
import { button, note, paragraph, renderMail, shopLink } from './mail-layout.ts';

/** An invitation to join a company account: the link works once, for this address. */
export function companyInvitationMail(opts: {
  publicUrl: string;
  company: string;
  invitedBy: string;
  role: CompanyRole;
  token: string;
}): RenderedMail {
  const link = shopLink(opts.publicUrl, mailLinkPaths.joinCompany, { join: opts.token });
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: `${opts.invitedBy} invites you to ${opts.company} on Voltforge`,
    heading: `Join ${opts.company}`,
    blocks: [
      paragraph(
        `${opts.invitedBy} invites you to buy together as ${opts.company} on Voltforge, as ${companyRoleLabels[opts.role].toLowerCase()}. Sign in (or register) with this address, then accept:`,
      ),
      button(`Join ${opts.company}`, link),
      note(
        `The link works once and expires in ${INVITATION_DAYS} days. If you do not know ${opts.company}, ignore this mail.`,
      ),
    ],
  });
}
