import { describe, expect, it } from 'vitest';
import { newPasswordSchema, registerSchema } from './new-password.ts';
import { authMessages, loginSchema } from './user.ts';

const firstMessage = (password: string) =>
  newPasswordSchema.safeParse(password).error?.issues[0]?.message ?? null;

describe('a new password', () => {
  it("keeps the spec's message first for fewer than 6 characters", () => {
    expect(firstMessage('')).toBe(authMessages.passwordRequired);
    expect(firstMessage('abcde')).toBe(authMessages.passwordTooShort);
  });

  it('refuses 6 and 7 characters with its own reason, and takes 8', () => {
    expect(firstMessage('abcdef')).toBe(authMessages.newPasswordTooShort);
    expect(firstMessage('k7#pq2z')).toBe(authMessages.newPasswordTooShort);
    expect(firstMessage('k7#pq2zr')).toBeNull();
  });

  it("refuses only spaces, the shop's name and common passwords", () => {
    expect(firstMessage('        ')).toBe(authMessages.passwordOnlySpaces);
    expect(firstMessage('voltforge')).toBe(authMessages.passwordIsShopName);
    expect(firstMessage('MyVoltForge2026')).toBe(authMessages.passwordIsShopName);
    expect(firstMessage('12345678')).toBe(authMessages.passwordTooCommon);
  });

  it('applies at registration, while signing in still takes a password chosen earlier', () => {
    const who = { name: 'Ann', email: 'ann@example.com' };
    expect(registerSchema.safeParse({ ...who, password: 'abcdef' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: who.email, password: 'abcdef' }).success).toBe(true);
  });
});
