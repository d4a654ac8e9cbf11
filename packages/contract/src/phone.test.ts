import { describe, expect, it } from 'vitest';
import { checkoutSchema } from './checkout.ts';
import { createOrderSchema } from './order.ts';
import { phoneSchema } from './phone.ts';
import { phoneMessages } from './phone-rules.ts';
import { updateProfileSchema } from './profile.ts';

const problemOf = (value: unknown) => {
  const result = phoneSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the phone rule', () => {
  it.each(['555-0100', '+1 555 0100', '+44 (20) 7946.0958', '  0301234567 ', '123456789012345'])(
    'takes %j',
    (phone) => {
      expect(problemOf(phone)).toBeNull();
    },
  );

  it.each([
    ['', phoneMessages.required],
    ['   ', phoneMessages.required],
    [undefined, phoneMessages.required],
    ['five five five', phoneMessages.invalid],
    ['555-1234-abc', phoneMessages.invalid],
    ['123456', phoneMessages.invalid],
    ['+', phoneMessages.invalid],
    ['1234567890123456', phoneMessages.invalid],
    ['1-2-3-4-5-6-7-8-9-0-1-2-3-4-5-6-7-8', phoneMessages.invalid],
    ['++1 555 0100', phoneMessages.invalid],
  ])('refuses %j: %s', (phone, message) => {
    expect(problemOf(phone)).toBe(message);
  });

  it('is the same rule for the profile, an order and the checkout', () => {
    for (const phone of ['555-0100', '+1 555 0100', '12345']) {
      const verdict = phoneSchema.safeParse(phone).success;
      expect(updateProfileSchema.shape.phone.safeParse(phone).success).toBe(verdict);
      expect(createOrderSchema.shape.phone.safeParse(phone).success).toBe(verdict);
      expect(checkoutSchema.shape.phone.safeParse(phone).success).toBe(verdict);
    }
  });
});
