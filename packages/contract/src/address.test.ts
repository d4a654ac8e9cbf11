import { describe, expect, it } from 'vitest';
import { addressSchema } from './address.ts';
import { addressMessages } from './address-rules.ts';
import { hasEmoji } from './emoji-rules.ts';
import { nameSchema } from './user.ts';

const problem = (address: string) => addressSchema.safeParse(address).error?.issues[0]?.message;

describe('the address rule', () => {
  it('takes up to six lines of up to 100 characters, in any script, kept as typed', () => {
    expect(
      addressSchema.parse('  Unit 4\nBuilding B\n12 Foundry Lane\nPark\nSpringfield\nIL  '),
    ).toBe('Unit 4\nBuilding B\n12 Foundry Lane\nPark\nSpringfield\nIL');
    expect(problem(`${'x'.repeat(100)}\nSpringfield`)).toBeUndefined();
    expect(problem('שארע 12\r\nالرياض 11564')).toBeUndefined();
  });

  it('says what is wrong with one an invoice cannot print', () => {
    expect(problem('   ')).toBe(addressMessages.required);
    expect(problem(Array.from({ length: 7 }, (_, i) => `Line ${i}`).join('\n'))).toBe(
      addressMessages.tooManyLines,
    );
    expect(problem(`7 Relay Lane\n${'x'.repeat(101)}`)).toBe(addressMessages.lineTooLong);
    expect(problem('7 Relay Lane 🏠')).toBe(addressMessages.emoji);
  });
});

describe('emoji', () => {
  it('finds emoji however they are made, and leaves the signs names carry', () => {
    for (const text of ['⚡', '👍🏽', '👨‍👩‍👧', '🇬🇧', '1️⃣', '☺️', '🀄']) {
      expect(hasEmoji(`Sparks ${text} Ltd`), text).toBe(true);
    }
    for (const text of ['Acme® Components™ ©', 'O’Neill & Sons', 'Zoë', '★ Stars', '☺', '#1']) {
      expect(hasEmoji(text), text).toBe(false);
    }
    expect(nameSchema.safeParse('Alice 👍 Ampere').success).toBe(false);
    expect(nameSchema.safeParse('فاطمة الزهراء').success).toBe(true);
  });
});
