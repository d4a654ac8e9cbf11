import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Company, CompanyValues } from '@voltforge/contract/company';
import {
  companyMessages as messages,
  INVITATION_DAYS,
  INVITATIONS_PER_ADDRESS_PER_DAY,
  INVITATIONS_PER_DAY,
  type CompanyRole,
} from '@voltforge/contract/company-rules';
import type { Actor } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { company, companyInvitation, companyMember } from '../../db/schema/company.ts';
import { isUniqueViolation } from '../../db/sql-state.ts';
import { badRequest, conflict, forbidden, notFound, tooMany } from '../../http-error.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { owedByCompany } from '../credit/credit.service.ts';
import { availableCredit } from '@voltforge/contract/credit-rules';
import { centsToDollars, dollarsToCents } from '@voltforge/contract/money';
import type { MemberLimitsInput } from '@voltforge/contract/approval';
import { companyInvitationMail } from '../../mail/templates/company-mails.ts';

/*
 * Company accounts (docs/architecture.md, "Data model"). Every change of who belongs, and as
 * what, takes the company's row lock first, so two admins cannot both step down and leave it
 * without one.
 */

type Membership = { companyId: string; role: CompanyRole };

/** Whether this member sees every order of the company (admins, approvers, or all where allowed). */
export async function seesAllCompanyOrders(db: Db | Tx, mine: Membership): Promise<boolean> {
  if (mine.role !== 'buyer') return true;
  const [row] = await db
    .select({ all: company.buyersSeeAllOrders })
    .from(company)
    .where(eq(company.id, mine.companyId));
  return row?.all ?? false;
}

/** The person's company and role, or null. */
export async function membershipOf(db: Db | Tx, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ companyId: companyMember.companyId, role: companyMember.role })
    .from(companyMember)
    .where(eq(companyMember.userId, userId));
  return row ?? null;
}

/** The company a buyer orders for: who its invoices are made out to and its PO rule; or null. */
export async function buyingCompanyOf(
  db: Db | Tx,
  userId: string,
): Promise<{
  id: string;
  name: string;
  taxId: string | null;
  billingAddress: string | null;
  poRequired: boolean;
  termsDays: number | null;
  role: CompanyRole;
  orderLimitCents: number | null;
  monthlyLimitCents: number | null;
} | null> {
  const [row] = await db
    .select({
      id: company.id,
      name: company.name,
      taxId: company.taxId,
      billingAddress: company.billingAddress,
      poRequired: company.poRequired,
      termsDays: company.termsDays,
      role: companyMember.role,
      orderLimitCents: companyMember.orderLimitCents,
      monthlyLimitCents: companyMember.monthlyLimitCents,
    })
    .from(companyMember)
    .innerJoin(company, eq(company.id, companyMember.companyId))
    .where(eq(companyMember.userId, userId));
  return row ?? null;
}

/**
 * The caller's company's address book, to read (any member) or change (admins only); 404 when
 * they belong to no company.
 */
export async function companyBook(
  db: Db,
  userId: string,
  change: boolean,
): Promise<{ companyId: string }> {
  const mine = await membershipOf(db, userId);
  if (!mine) throw notFound(messages.notInCompany);
  if (change) requireAdmin(mine);
  return { companyId: mine.companyId };
}

/** The caller's membership, with the company's row locked; 404 when they have none. */
async function lockedMembership(tx: Tx, userId: string): Promise<Membership> {
  const mine = await membershipOf(tx, userId);
  if (!mine) throw notFound(messages.notInCompany);
  await tx
    .select({ id: company.id })
    .from(company)
    .where(eq(company.id, mine.companyId))
    .for('update');
  return mine;
}

function requireAdmin(mine: Membership): void {
  if (mine.role !== 'admin') throw forbidden(messages.adminOnly);
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A company's members with their roles and limits, by name. */
export function companyMembers(db: Db | Tx, companyId: string) {
  return db
    .select({
      userId: companyMember.userId,
      name: user.name,
      email: user.email,
      role: companyMember.role,
      orderLimitCents: companyMember.orderLimitCents,
      monthlyLimitCents: companyMember.monthlyLimitCents,
      joinedAt: companyMember.joinedAt,
    })
    .from(companyMember)
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(eq(companyMember.companyId, companyId))
    .orderBy(asc(user.name), asc(user.email));
}

/** The caller's company, its members and (for admins) its open invitations; null when none. */
export async function readCompany(db: Db | Tx, userId: string): Promise<Company | null> {
  const mine = await membershipOf(db, userId);
  if (!mine) return null;
  const [row] = await db.select().from(company).where(eq(company.id, mine.companyId));
  if (!row) return null;
  const members = await companyMembers(db, row.id);
  const invitations =
    mine.role === 'admin'
      ? await db
          .select({
            id: companyInvitation.id,
            email: companyInvitation.email,
            role: companyInvitation.role,
            expiresAt: companyInvitation.expiresAt,
          })
          .from(companyInvitation)
          .where(
            and(
              eq(companyInvitation.companyId, row.id),
              isNull(companyInvitation.acceptedAt),
              gt(companyInvitation.expiresAt, sql`now()`),
            ),
          )
          .orderBy(asc(companyInvitation.createdAt))
      : [];
  return {
    id: row.id,
    name: row.name,
    taxId: row.taxId,
    billingAddress: row.billingAddress,
    poRequired: row.poRequired,
    buyersSeeAllOrders: row.buyersSeeAllOrders,
    account:
      row.termsDays === null
        ? null
        : {
            termsDays: row.termsDays,
            available: centsToDollars(
              availableCredit(
                row.creditLimitCents,
                (await owedByCompany(db, [row.id])).get(row.id) ?? 0,
              ),
            ),
          },
    role: mine.role,
    members: members.map(({ orderLimitCents, monthlyLimitCents, ...m }) => ({
      ...m,
      orderLimit: orderLimitCents === null ? null : centsToDollars(orderLimitCents),
      monthlyLimit: monthlyLimitCents === null ? null : centsToDollars(monthlyLimitCents),
      joinedAt: m.joinedAt.toISOString(),
    })),
    invitations: invitations.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
  };
}

const stored = (input: CompanyValues) => ({
  name: input.name,
  taxId: input.taxId || null,
  billingAddress: input.billingAddress || null,
  poRequired: input.poRequired,
  buyersSeeAllOrders: input.buyersSeeAllOrders,
});

/** Creates a company with the caller as its admin; 409 when they already belong to one. */
export async function createCompany(
  db: Db,
  userId: string,
  input: CompanyValues,
): Promise<Company> {
  try {
    await db.transaction(async (tx) => {
      if (await membershipOf(tx, userId)) throw conflict(messages.alreadyInCompany);
      const [row] = await tx.insert(company).values(stored(input)).returning({ id: company.id });
      if (!row) throw new Error('company insert returned nothing');
      await tx.insert(companyMember).values({ userId, companyId: row.id, role: 'admin' });
    });
  } catch (error) {
    // Two creations at once: the membership's key lets one through.
    if (isUniqueViolation(error)) throw conflict(messages.alreadyInCompany);
    throw error;
  }
  return (await readCompany(db, userId)) as Company;
}

/** Changes the company's name, tax id, billing address and PO rule (admins). */
export async function updateCompany(
  db: Db,
  userId: string,
  input: CompanyValues,
): Promise<Company> {
  await db.transaction(async (tx) => {
    const mine = await lockedMembership(tx, userId);
    requireAdmin(mine);
    await tx.update(company).set(stored(input)).where(eq(company.id, mine.companyId));
  });
  return (await readCompany(db, userId)) as Company;
}

/**
 * Invites an address to the caller's company (admins): a single-use link, valid for
 * INVITATION_DAYS, mailed through the outbox in the same transaction. An address already in a
 * company (this one or another) is refused.
 */
export async function inviteToCompany(
  db: Db,
  actor: Actor,
  input: { email: string; role: CompanyRole },
  publicUrl: string,
): Promise<Company> {
  const email = input.email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const mine = await lockedMembership(tx, actor.id);
    requireAdmin(mine);
    const [invitee] = await tx
      .select({ companyId: companyMember.companyId })
      .from(companyMember)
      .innerJoin(user, eq(user.id, companyMember.userId))
      .where(sql`lower(${user.email}) = ${email}`);
    if (invitee) {
      const message =
        invitee.companyId === mine.companyId
          ? messages.inviteeIsMember(email)
          : messages.inviteeInCompany(email);
      throw conflict(message, { email: message });
    }
    // Counted under the company's row lock (lockedMembership), so two at once count each other.
    const [sent] = await tx
      .select({
        all: sql<number>`count(*)`.mapWith(Number),
        toAddress:
          sql<number>`count(*) filter (where ${companyInvitation.email} = ${email})`.mapWith(
            Number,
          ),
      })
      .from(companyInvitation)
      .where(
        and(
          eq(companyInvitation.companyId, mine.companyId),
          sql`${companyInvitation.createdAt} > now() - interval '24 hours'`,
        ),
      );
    if ((sent?.all ?? 0) >= INVITATIONS_PER_DAY) throw tooMany(messages.tooManyInvitations);
    if ((sent?.toAddress ?? 0) >= INVITATIONS_PER_ADDRESS_PER_DAY) {
      throw tooMany(messages.tooManyToAddress(email));
    }
    const [row] = await tx
      .select({ name: company.name })
      .from(company)
      .where(eq(company.id, mine.companyId));
    const token = randomBytes(32).toString('base64url');
    await tx.insert(companyInvitation).values({
      companyId: mine.companyId,
      email,
      role: input.role,
      tokenHash: tokenHash(token),
      invitedBy: actor.id,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    });
    await enqueueMail(tx, {
      to: email,
      kind: 'company_invitation',
      ...companyInvitationMail({
        publicUrl,
        company: row?.name ?? '',
        invitedBy: actor.name,
        role: input.role,
        token,
      }),
    });
  });
  return (await readCompany(db, actor.id)) as Company;
}

/**
 * Accepts an invitation: the link's token, unused and unexpired, for the signed-in person's own
 * address, who belongs to no company yet. Joining uses it up; a refused try does not.
 */
export async function joinCompany(db: Db, actor: Actor, token: string): Promise<Company> {
  await db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(companyInvitation)
      .where(
        and(
          eq(companyInvitation.tokenHash, tokenHash(token)),
          isNull(companyInvitation.acceptedAt),
          gt(companyInvitation.expiresAt, sql`now()`),
        ),
      )
      .for('update');
    if (!invitation) throw badRequest(messages.invitationInvalid);
    if (invitation.email !== actor.email.trim().toLowerCase()) {
      throw forbidden(messages.invitationOtherEmail(invitation.email));
    }
    if (await membershipOf(tx, actor.id)) throw conflict(messages.alreadyInCompany);
    await tx
      .update(companyInvitation)
      .set({ acceptedAt: new Date() })
      .where(eq(companyInvitation.id, invitation.id));
    await tx
      .insert(companyMember)
      .values({ userId: actor.id, companyId: invitation.companyId, role: invitation.role });
  });
  return (await readCompany(db, actor.id)) as Company;
}

/** The company's admins other than `userId`, counted under the company's lock. */
async function otherAdmins(tx: Tx, companyId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(companyMember)
    .where(
      and(
        eq(companyMember.companyId, companyId),
        eq(companyMember.role, 'admin'),
        sql`${companyMember.userId} <> ${userId}`,
      ),
    );
  return row?.count ?? 0;
}

/** A member of the caller's own company, or 404. */
async function memberOfMine(tx: Tx, mine: Membership, memberId: string): Promise<Membership> {
  const member = await membershipOf(tx, memberId);
  if (!member || member.companyId !== mine.companyId) throw notFound(messages.memberNotFound);
  return member;
}

/** Gives a member another role (admins); the last admin cannot be made anything else. */
export async function setMemberRole(
  db: Db,
  userId: string,
  memberId: string,
  role: CompanyRole,
): Promise<Company> {
  await db.transaction(async (tx) => {
    const mine = await lockedMembership(tx, userId);
    requireAdmin(mine);
    const member = await memberOfMine(tx, mine, memberId);
    if (member.role === 'admin' && role !== 'admin') {
      if ((await otherAdmins(tx, mine.companyId, memberId)) === 0)
        throw conflict(messages.lastAdmin);
    }
    await tx.update(companyMember).set({ role }).where(eq(companyMember.userId, memberId));
  });
  return (await readCompany(db, userId)) as Company;
}

/** PUT /api/company/members/:userId/limits (admins): a member's spending limits, null for none. */
export async function setMemberLimits(
  db: Db,
  userId: string,
  memberId: string,
  input: MemberLimitsInput,
): Promise<Company> {
  await db.transaction(async (tx) => {
    const mine = await lockedMembership(tx, userId);
    requireAdmin(mine);
    await memberOfMine(tx, mine, memberId);
    const cents = (dollars: number | null) => (dollars === null ? null : dollarsToCents(dollars));
    await tx
      .update(companyMember)
      .set({
        orderLimitCents: cents(input.orderLimit),
        monthlyLimitCents: cents(input.monthlyLimit),
      })
      .where(eq(companyMember.userId, memberId));
  });
  return (await readCompany(db, userId)) as Company;
}

/**
 * Removes a member (admins), or the caller leaves; the last admin cannot go. Their orders stay
 * theirs. Answers the caller's company as it is now (null after leaving).
 */
export async function removeMember(
  db: Db,
  userId: string,
  memberId: string,
): Promise<Company | null> {
  await db.transaction(async (tx) => {
    const mine = await lockedMembership(tx, userId);
    if (memberId !== userId) requireAdmin(mine);
    const member = await memberOfMine(tx, mine, memberId);
    if (member.role === 'admin' && (await otherAdmins(tx, mine.companyId, memberId)) === 0) {
      throw conflict(messages.lastAdmin);
    }
    await tx.delete(companyMember).where(eq(companyMember.userId, memberId));
  });
  return readCompany(db, userId);
}
