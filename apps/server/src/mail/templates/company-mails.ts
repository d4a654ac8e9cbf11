import {
  companyRoleLabels,
  INVITATION_DAYS,
  type CompanyRole,
} from '@voltforge/contract/company-rules';
import { mailLinkPaths } from '@voltforge/contract/mail-links';
import type { RenderedMail } from '../outbox.ts';
import { button, note, paragraph, renderMail, rows, shopLink } from './mail-layout.ts';

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

/** To each approver: a buyer's cart over their limit waits for a decision. */
export function approvalRequestedMail(opts: {
  publicUrl: string;
  company: string;
  requester: string;
  total: string;
  why: string;
  lines: Array<[string, string]>;
}): RenderedMail {
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: `${opts.requester} asks you to approve an order of ${opts.total}`,
    heading: 'An order waits for your approval',
    blocks: [
      paragraph(
        `${opts.requester} wants to order for ${opts.company}: ${opts.total}. ${opts.why}, so it waits for an approver.`,
      ),
      rows(opts.lines),
      button('Approve or reject', shopLink(opts.publicUrl, mailLinkPaths.approvals)),
      note('The request is void if the cart changes before anyone decides.'),
    ],
  });
}

/** To the buyer: an approver rejected their cart, and why. */
export function approvalRejectedMail(opts: {
  publicUrl: string;
  company: string;
  decidedBy: string;
  total: string;
  reason: string;
}): RenderedMail {
  return renderMail({
    publicUrl: opts.publicUrl,
    subject: `Your order of ${opts.total} was not approved`,
    heading: 'Your order was not approved',
    blocks: [
      paragraph(
        `${opts.decidedBy} did not approve your order of ${opts.total} for ${opts.company}. Their reason:`,
      ),
      paragraph(opts.reason),
      note('Your cart is kept: change it and check out again, or ask your approver.'),
    ],
  });
}
