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
