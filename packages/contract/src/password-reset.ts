import { z } from 'zod';
import { newPasswordSchema } from './new-password.ts';
import { emailSchema } from './user.ts';

export const passwordResetMessages = {
  passwordsDiffer: 'The two passwords do not match',
  confirmRequired: 'Type the new password again',
  requested: (email: string) =>
    `If an account uses ${email}, we have sent it a link to choose a new password. Check your inbox; the link works for one hour.`,
  invalidLink: 'This reset link is invalid, already used or expired. Ask for a new one.',
  missingToken: 'This page needs the link from your reset mail. Ask for a new one.',
  changed: 'Your password was changed, and every other session of your account has ended.',
  signedIn:
    'Your password was changed and you are signed in. Every other session of your account has ended.',
} as const;

/** "Forgot password?": the address, with the same rule and messages as sign-in. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** The new password twice, with the same rules and messages as registration. */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z
      .string({ error: passwordResetMessages.confirmRequired })
      .min(1, passwordResetMessages.confirmRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: passwordResetMessages.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
