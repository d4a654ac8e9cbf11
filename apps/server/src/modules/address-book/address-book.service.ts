import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { SavedAddress, SavedAddressValues } from '@voltforge/contract/address-book';
import {
  addressBookMessages as messages,
  MAX_SAVED_ADDRESSES,
} from '@voltforge/contract/address-book-rules';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { savedAddress } from '../../db/schema/address-book.ts';
import { badRequest, notFound } from '../../http-error.ts';

/**
 * Whose address book: a buyer's own, or a company's (its members read it, its admins change it;
 * the company routes decide who may).
 */
export type BookOwner = { userId: string } | { companyId: string };

/** One book is changed one request at a time (advisory lock namespace). */
const BOOK_LOCK = 7340025;

const ownerKey = (owner: BookOwner) =>
  'userId' in owner ? owner.userId : `company:${owner.companyId}`;

const ownedBy = (owner: BookOwner): SQL =>
  'userId' in owner
    ? eq(savedAddress.userId, owner.userId)
    : eq(savedAddress.companyId, owner.companyId);

async function lockBook(tx: Tx, owner: BookOwner): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BOOK_LOCK}, hashtext(${ownerKey(owner)}))`);
}

type Row = typeof savedAddress.$inferSelect;

const toJson = (row: Row): SavedAddress => ({
  id: row.id,
  label: row.label,
  recipient: row.recipient,
  address: row.address,
  phone: row.phone,
  isDefault: row.isDefault,
});

/** The book's addresses: the default first, then by label. */
export async function listAddresses(db: Db, owner: BookOwner): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(savedAddress)
    .where(ownedBy(owner))
    .orderBy(desc(savedAddress.isDefault), asc(savedAddress.label), asc(savedAddress.createdAt));
  return rows.map(toJson);
}

/** The book's address; 404 for anyone else's and a malformed id. */
async function ownAddress(tx: Tx, owner: BookOwner, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound(messages.notFound);
  const [row] = await tx
    .select()
    .from(savedAddress)
    .where(and(eq(savedAddress.id, id), ownedBy(owner)));
  if (!row) throw notFound(messages.notFound);
  return row;
}

/** No other address of the book is the default any more. */
async function clearDefault(tx: Tx, owner: BookOwner, except: string | null): Promise<void> {
  await tx
    .update(savedAddress)
    .set({ isDefault: false })
    .where(
      and(
        ownedBy(owner),
        eq(savedAddress.isDefault, true),
        except ? ne(savedAddress.id, except) : undefined,
      ),
    );
}

/** Saves a new address; the first one, or one saved as the default, becomes the default. */
export async function addAddress(
  db: Db,
  owner: BookOwner,
  input: SavedAddressValues,
): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockBook(tx, owner);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(savedAddress)
      .where(ownedBy(owner));
    if (count >= MAX_SAVED_ADDRESSES) throw badRequest(messages.tooMany);
    const isDefault = input.isDefault || count === 0;
    if (isDefault) await clearDefault(tx, owner, null);
    const [row] = await tx
      .insert(savedAddress)
      .values({ ...owner, ...input, isDefault })
      .returning();
    if (!row) throw new Error('address insert returned nothing');
    return toJson(row);
  });
}

/**
 * Changes an address. Making it the default takes that from the other; the default stays the
 * default until another is made it (a book with addresses always has one).
 */
export async function updateAddress(
  db: Db,
  owner: BookOwner,
  id: string,
  input: SavedAddressValues,
): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockBook(tx, owner);
    const current = await ownAddress(tx, owner, id);
    const isDefault = current.isDefault || input.isDefault;
    if (isDefault) await clearDefault(tx, owner, id);
    const [row] = await tx
      .update(savedAddress)
      .set({ ...input, isDefault, updatedAt: new Date() })
      .where(eq(savedAddress.id, id))
      .returning();
    if (!row) throw notFound(messages.notFound);
    return toJson(row);
  });
}

/** Removes an address; when it was the default, the oldest of the rest becomes the default. */
export async function removeAddress(db: Db, owner: BookOwner, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBook(tx, owner);
    const current = await ownAddress(tx, owner, id);
    await tx.delete(savedAddress).where(eq(savedAddress.id, id));
    if (!current.isDefault) return;
    const [next] = await tx
      .select({ id: savedAddress.id })
      .from(savedAddress)
      .where(ownedBy(owner))
      .orderBy(asc(savedAddress.createdAt))
      .limit(1);
    if (next) {
      await tx.update(savedAddress).set({ isDefault: true }).where(eq(savedAddress.id, next.id));
    }
  });
}
