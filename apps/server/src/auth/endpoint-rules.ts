import { APIError, createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';
import { updateProfileSchema } from '@voltforge/contract/profile';
import { forgotPasswordSchema, passwordResetMessages } from '@voltforge/contract/password-reset';
import { newPasswordSchema, registerSchema } from '@voltforge/contract/new-password';
import { loginSchema } from '@voltforge/contract/user';
import type { Db } from '../db/client.ts';
import { refuseExplicitLinking } from './account-linking.ts';
import type { passwordResetSignIn } from './password-reset-sign-in.ts';
import {
  clearSignInFailures,
  currentCredential,
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_MAX_AGE_S,
  knownDevice,
  knownDeviceValue,
  newDeviceId,
  reserveSignInAttempt,
} from './sign-in-throttle.ts';

/**
 * better-auth's own endpoints that take a name or a photo obey the same rules as the profile form
 * (POST /api/user/:email): a photo reaches other visitors' `<img src>` (reviews), so only an
 * http(s) URL is kept. `null` clears the photo, as an empty string does on the profile form.
 */
const accountFieldsSchema = z.object({
  name: updateProfileSchema.shape.name.optional(),
  image: updateProfileSchema.shape.img.nullable(),
});

const bodySchemas: Record<string, z.ZodType | undefined> = {
  '/sign-up/email': registerSchema.extend({ image: accountFieldsSchema.shape.image }),
  '/sign-in/email': loginSchema,
  '/update-user': accountFieldsSchema,
  // A new password obeys the registration rules, with the same messages.
  '/request-password-reset': forgotPasswordSchema,
  '/change-password': z.object({ newPassword: newPasswordSchema }),
  '/reset-password': z.object({ newPassword: newPasswordSchema }),
};

/**
 * Before every better-auth endpoint: refuse explicit account linking, keep better-auth's admin
 * endpoints out of reach (admin work goes through /api/user, inside the authorization matrix),
 * validate the bodies that carry account fields with the same contract the web forms use, and
 * count a password sign-in against its account (docs/architecture.md, rate limits). A password
 * reset link that fails says why in the shop's words; one that works signs its account in
 * (password-reset-sign-in.ts).
 */
export function authEndpointRules(
  db: Db,
  resetSignIn: Pick<ReturnType<typeof passwordResetSignIn>, 'signIn'>,
  device: { secret: string; secure: boolean },
) {
  const before = createAuthMiddleware(async (ctx) => {
    if (ctx.path.startsWith('/admin/')) {
      throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not found.' });
    }
    refuseExplicitLinking(ctx.path);
    const schema = bodySchemas[ctx.path];
    if (!schema) return;
    const parsed = schema.safeParse(ctx.body ?? {});
    if (!parsed.success) {
      throw new APIError('BAD_REQUEST', {
        code: 'VALIDATION_FAILED',
        message: parsed.error.issues[0]?.message ?? 'Invalid request.',
      });
    }
    if (ctx.path === '/sign-in/email') {
      const { email } = parsed.data as { email: string };
      const credential = await currentCredential(db, email);
      const known = knownDevice(
        device.secret,
        email,
        ctx.getCookie(KNOWN_DEVICE_COOKIE),
        credential,
      );
      await reserveSignInAttempt(db, email, known);
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    const returned: unknown = ctx.context.returned;
    if (ctx.path === '/reset-password') {
      // better-auth says only "Invalid token" for a link that is unknown, used or expired.
      if (returned instanceof APIError && returned.body?.code === 'INVALID_TOKEN') {
        throw new APIError('BAD_REQUEST', {
          code: 'INVALID_TOKEN',
          message: passwordResetMessages.invalidLink,
        });
      }
      await resetSignIn.signIn(ctx);
      return;
    }
    if (ctx.path !== '/sign-in/email') return;
    const body = ctx.body as { email?: unknown } | undefined;
    if (returned && !(returned instanceof Error) && typeof body?.email === 'string') {
      const credential = await currentCredential(db, body.email);
      const cookie = ctx.getCookie(KNOWN_DEVICE_COOKIE);
      const known = knownDevice(device.secret, body.email, cookie, credential);
      await clearSignInFailures(db, body.email, known);
      if (!credential) return;
      const id = known ?? newDeviceId();
      ctx.setCookie(
        KNOWN_DEVICE_COOKIE,
        knownDeviceValue(device.secret, body.email, id, credential),
        {
          httpOnly: true,
          sameSite: 'lax',
          secure: device.secure,
          path: '/api/auth',
          maxAge: KNOWN_DEVICE_MAX_AGE_S,
        },
      );
    }
  });

  return { before, after };
}
