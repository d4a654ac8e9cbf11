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

/** What better-auth says when an email verification link fails (GET /api/auth/verify-email). */
export const verifyEmailMessages = {
  verified: 'Your email address is confirmed. Thank you!',
  failed: 'This confirmation link is invalid or has expired. Ask for a new one from My Profile.',
  resent: 'We sent a new confirmation link. Check your inbox.',
  /** Right after registering. */
  checkInbox: (email: string) =>
    `Welcome! We sent a confirmation link to ${email}. Check your inbox to confirm your address.`,
  /** On the dashboard while the address is not confirmed. */
  notVerified: (email: string) =>
    `Your email address ${email} is not confirmed yet. Open the link we mailed you, or ask for a new one.`,
} as const;
