import { describe, expect, it } from 'vitest';
import { MAX_QUICK_ORDER_LINES, quickOrderMessages, readQuickOrder } from './quick-order-rules.ts';

const rowsOf = (text: string) => {
  const read = readQuickOrder(text);
  if (!read.ok) throw new Error(read.message);
  return read.rows.map((r) => [r.line, r.partNumber, r.quantity]);
};

describe('readQuickOrder', () => {
  it('reads commas, tabs, semicolons and spaces, numbering lines as typed', () => {
    expect(rowsOf('VF-DM200, 25\nVF-RL12\t100\n\nVF-TL100;5\n  VF-MC328   50  ')).toEqual([
      [1, 'VF-DM200', 25],
      [2, 'VF-RL12', 100],
      [4, 'VF-TL100', 5],
      [5, 'VF-MC328', 50],
    ]);
  });

  it('reads a spreadsheet CSV by its header, whatever the column order, extra columns ignored', () => {
    const csv = '\uFEFFDescription,Qty,MPN\r\n"Meter, bench",2,VF-DM200\r\nRelay,40,VF-RL12\r\n';
    expect(rowsOf(csv)).toEqual([
      [2, 'VF-DM200', 2],
      [3, 'VF-RL12', 40],
    ]);
  });

  it('keeps a line whose quantity is missing or not a whole number, saying why', () => {
    const read = readQuickOrder('VF-DM200\nVF-RL12, 2.5\nVF-TL100, -3\nVF-CP8, 0');
    expect(read.ok && read.rows.map((r) => [r.quantity, r.quantityProblem])).toEqual([
      [null, quickOrderMessages.noQuantity],
      [null, quickOrderMessages.badQuantity],
      [null, quickOrderMessages.badQuantity],
      [null, quickOrderMessages.badQuantity],
    ]);
  });

  it('refuses an empty list, a header without a quantity column and too many lines', () => {
    expect(readQuickOrder(' \n\n')).toEqual({ ok: false, message: quickOrderMessages.empty });
    expect(readQuickOrder('SKU,Description\nVF-DM200,Meter')).toEqual({
      ok: false,
      message: quickOrderMessages.noQuantityColumn,
    });
    expect(readQuickOrder('Qty,Description\n2,Meter')).toEqual({
      ok: false,
      message: quickOrderMessages.noPartColumn,
    });
    const many = Array.from({ length: MAX_QUICK_ORDER_LINES + 1 }, (_, i) => `P-${i},1`).join('\n');
    expect(readQuickOrder(many)).toEqual({ ok: false, message: quickOrderMessages.tooManyLines });
    expect(readQuickOrder(many.split('\n').slice(1).join('\n')).ok).toBe(true);
  });
});
