import { z } from 'zod';
import { commonPasswordList } from './common-passwords.ts';
import { authMessages, emailSchema, nameSchema, passwordSchema } from './user.ts';

/*
 * Kept apart from user.ts so that only the pages choosing a password (register, reset, change)
 * carry the list of common passwords in their bundle.
 */
const commonPasswords = new Set(commonPasswordList.split('\n'));

/** The length rule of every password, and not one of the 10,000 most common passwords. */
export const newPasswordSchema = passwordSchema.refine(
  (password) => !commonPasswords.has(password.toLowerCase()),
  authMessages.passwordTooCommon,
);

export const registerSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;
