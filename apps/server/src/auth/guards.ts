import type { FastifyRequest } from 'fastify';
import { authMessages, type Role } from '@voltforge/contract/user';
import { forbidden, unauthorized } from '../http-error.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
}

/** Who acts in a service call: the session user. */
export type Actor = Pick<SessionUser, 'id' | 'name' | 'email' | 'role'>;

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const current = await request.sessionUser();
  if (!current) throw unauthorized();
  return current;
}

export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const current = await requireUser(request);
  if (current.role !== 'admin') throw forbidden(authMessages.adminOnly);
  return current;
}

/** An onRequest guard, and the error statuses it can answer with (the API reference lists them). */
export type Guard = ((request: FastifyRequest) => Promise<void>) & {
  readonly errorStatuses: readonly number[];
};

const guard = (
  errorStatuses: readonly number[],
  check: (request: FastifyRequest) => Promise<void>,
) => Object.assign(check, { errorStatuses }) as Guard;

/** Route guards run onRequest: who may call is decided before the body is looked at. */
export const signedIn = guard([401], async (request) => {
  await requireUser(request);
});

export const adminOnly = guard([401, 403], async (request) => {
  await requireAdmin(request);
});

export function isOwnEmail(me: Pick<SessionUser, 'email'>, email: string): boolean {
  return me.email.toLowerCase() === email.trim().toLowerCase();
}

/**
 * For /:email routes that only the account itself may use: 401 when signed out, 403 with
 * `message` for another account's email.
 */
export const selfOnly = (message: string) =>
  guard([401, 403], async (request) => {
    const { email } = request.params as { email: string };
    if (!isOwnEmail(await requireUser(request), email)) throw forbidden(message);
  });
