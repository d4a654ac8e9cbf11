/* Company accounts' roles, rules and words, without zod (pages show them before zod loads). */

/**
 * What a member may do (docs/architecture.md, "Data model"): an admin manages people, addresses,
 * limits and settings and approves; an approver approves orders over a buyer's limit; a buyer
 * orders.
 */
export const companyRoles = ['admin', 'approver', 'buyer'] as const;
export type CompanyRole = (typeof companyRoles)[number];

export const companyRoleLabels: Record<CompanyRole, string> = {
  admin: 'Admin',
  approver: 'Approver',
  buyer: 'Buyer',
};

/** An invitation link works once, within this many days. */
export const INVITATION_DAYS = 7;

/**
 * Invitations are mail the shop sends to any address a company admin types: at most this many a
 * company in 24 hours, and this many to one address, so an account cannot be used to mail
 * strangers again and again.
 */
export const INVITATIONS_PER_DAY = 50;
export const INVITATIONS_PER_ADDRESS_PER_DAY = 3;

export const companyMessages = {
  name: 'Company name is required: one line of at most 200 characters',
  role: 'Role must be admin, approver or buyer',
  created: 'Company created',
  saved: 'Company saved',
  invited: (email: string) => `Invitation sent to ${email}`,
  joined: (name: string) => `You joined ${name}`,
  removed: 'Member removed',
  roleChanged: 'Role changed',
  notInCompany: 'You are not in a company account.',
  alreadyInCompany: 'You already belong to a company account. Leave it first.',
  adminOnly: 'Only an admin of the company can do that.',
  memberNotFound: 'Member not found.',
  inviteeInCompany: (email: string) => `${email} already belongs to a company account.`,
  inviteeIsMember: (email: string) => `${email} is already a member.`,
  tooManyInvitations: `Your company has sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours: try again tomorrow.`,
  tooManyToAddress: (email: string) =>
    `${email} has been invited ${INVITATIONS_PER_ADDRESS_PER_DAY} times in the last 24 hours: ask them to look for the mail, or try again tomorrow.`,
  invitationInvalid:
    'This invitation link is not valid: it may have been used already or have expired. Ask your company admin for a new one.',
  invitationOtherEmail: (email: string) =>
    `This invitation is for ${email}. Sign in with that address to accept it.`,
  lastAdmin: 'A company needs at least one admin: make another member an admin first.',
  poRequired: 'Your company asks for a PO number on every order',
} as const;
