import { z } from 'zod';
import { commonPasswordList } from './common-passwords.ts';
import {
  authMessages,
  emailSchema,
  MIN_NEW_PASSWORD_LENGTH,
  nameSchema,
  passwordSchema,
} from './user.ts';

/*
 * Kept apart from user.ts so that only the pages choosing a password (register, reset, change)
 * carry the list of common passwords in their bundle.
 */
const commonPasswords = new Set(commonPasswordList.split('\n'));

/**
 * A password chosen now (registration, reset, change): the spec's rule and message first (6
 * characters), then ours, each explaining itself: at least 8 characters, not only spaces, not the
 * shop's name, and not one of the 10,000 most common passwords.
 */
export const newPasswordSchema = passwordSchema
  .refine((password) => password.length >= MIN_NEW_PASSWORD_LENGTH, {
    message: authMessages.newPasswordTooShort,
    abort: true,
  })
  .refine((password) => password.trim() !== '', {
    message: authMessages.passwordOnlySpaces,
    abort: true,
  })
  .refine((password) => !password.toLowerCase().includes('voltforge'), {
    message: authMessages.passwordIsShopName,
    abort: true,
  })
  .refine(
    (password) => !commonPasswords.has(password.toLowerCase()),
    authMessages.passwordTooCommon,
  );

export const registerSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;
