import { eq } from 'drizzle-orm';
import { adminMessages } from '@voltforge/contract/admin';
import type { Profile, UpdateProfile } from '@voltforge/contract/profile';
import { authMessages, type AdminCheck } from '@voltforge/contract/user';
import { isOwnEmail, type Actor } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { profile } from '../../db/schema/profile.ts';
import { forbidden, notFound } from '../../http-error.ts';

/** The account's name, email and photo with its saved profile fields (null until first saved). */
export async function getProfile(db: Db | Tx, me: Pick<Actor, 'id'>): Promise<Profile> {
  const [row] = await db
    .select({
      email: user.email,
      name: user.name,
      img: user.image,
      about: profile.about,
      education: profile.education,
      profession: profile.profession,
      address: profile.address,
      phone: profile.phone,
      linkedin: profile.linkedin,
      company: profile.company,
      taxId: profile.taxId,
    })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, me.id));
  if (!row) throw notFound(authMessages.noSuchUser);
  return row;
}

/**
 * Name and photo are the account's own fields (the navbar reads them from the session); the rest
 * is the 1:1 profile row, created on the first save. Empty optional fields are stored as null.
 */
export async function updateProfile(db: Db, me: Actor, input: UpdateProfile): Promise<Profile> {
  const userId = me.id;
  return db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ name: input.name, image: input.img || null, updatedAt: new Date() })
      .where(eq(user.id, userId));
    const fields = {
      about: input.about || null,
      education: input.education || null,
      profession: input.profession,
      address: input.address,
      phone: input.phone,
      linkedin: input.linkedin,
      company: input.company || null,
      taxId: input.taxId || null,
      updatedAt: new Date(),
    };
    await tx
      .insert(profile)
      .values({ userId, ...fields })
      .onConflictDoUpdate({ target: profile.userId, set: fields });
    return getProfile(tx, me);
  });
}

/** Whether the account with this email is an admin: anyone may ask about themself, an admin about anyone. */
export async function checkAdmin(db: Db, me: Actor, email: string): Promise<AdminCheck> {
  if (isOwnEmail(me, email)) return { admin: me.role === 'admin' };
  if (me.role !== 'admin') throw forbidden(authMessages.onlyYourOwnRole);
  const [row] = await db
    .select({ role: user.role })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  if (!row) throw notFound(adminMessages.userNotFound);
  return { admin: row.role === 'admin' };
}
