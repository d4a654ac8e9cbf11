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

describe('readQuickOrder: quantities with thousands separators', () => {
  const problemOf = (text: string) => {
    const read = readQuickOrder(text);
    if (!read.ok) throw new Error(read.message);
    return read.rows.map((r) => r.quantityProblem ?? null);
  };

  it('reads 1,500 as fifteen hundred, typed or copied from a spreadsheet', () => {
    expect(rowsOf('VF-OS1104, 1,500')).toEqual([[1, 'VF-OS1104', 1500]]);
    expect(rowsOf('VF-OS1104,1,500')).toEqual([[1, 'VF-OS1104', 1500]]);
    expect(rowsOf('VF-OS1104\t1,500')).toEqual([[1, 'VF-OS1104', 1500]]);
    expect(rowsOf('VF-OS1104\t1,500\tOscilloscopes for the lab')).toEqual([[1, 'VF-OS1104', 1500]]);
    expect(rowsOf('"VF-X","1,500"\n"VF-Y",12')).toEqual([
      [1, 'VF-X', 1500],
      [2, 'VF-Y', 12],
    ]);
    expect(rowsOf('VF-X, 1,000,000')).toEqual([[1, 'VF-X', 1_000_000]]);
    expect(rowsOf('VF-X 1,500')).toEqual([[1, 'VF-X', 1500]]);
    // Spaces as the groups' separator (a French spreadsheet's copy) mean only one thing.
    expect(rowsOf('VF-X\t1\u00a0500\nVF-Y\t2\u202f000')).toEqual([
      [1, 'VF-X', 1500],
      [2, 'VF-Y', 2000],
    ]);
  });

  it('reads a CSV with a header whose quantity has a separator, quoted or not', () => {
    expect(
      rowsOf('MPN,Qty,Description\nVF-X,1,500,Scopes\nVF-Y,"2,000",Meters\nVF-Z,3,Leads'),
    ).toEqual([
      [2, 'VF-X', 1500],
      [3, 'VF-Y', 2000],
      [4, 'VF-Z', 3],
    ]);
    expect(rowsOf('Qty,MPN\n1,500,VF-X')).toEqual([[2, 'VF-X', 1500]]);
    // As many cells as the header names: the 500 is the next column, not a thousands group.
    expect(rowsOf('MPN,Qty,Price\nVF-X,1,500')).toEqual([[2, 'VF-X', 1]]);
  });

  it('refuses a row it could read two ways, saying why, never reading it smaller', () => {
    expect(problemOf('VF-X, 1,5')).toEqual([quickOrderMessages.badQuantity]);
    expect(problemOf('VF-X\t2,50')).toEqual([quickOrderMessages.badQuantity]);
    expect(problemOf('VF-X, 1.500')).toEqual([quickOrderMessages.ambiguousQuantity('1.500')]);
    expect(problemOf('VF-X\t1.500')).toEqual([quickOrderMessages.ambiguousQuantity('1.500')]);
    expect(problemOf('VF-X 1.500')).toEqual([quickOrderMessages.ambiguousQuantity('1.500')]);
    // Where a semicolon parts the cells, a comma is the decimal mark of the writer's country.
    expect(problemOf('VF-X;1,500')).toEqual([quickOrderMessages.ambiguousQuantity('1,500')]);
    expect(problemOf('"VF-X";"1,500"')).toEqual([quickOrderMessages.ambiguousQuantity('1,500')]);
    // A quantity followed by more cells: 1,500 and a note, or 1, 500 and a note?
    expect(problemOf('VF-X,1,500,extra')).toEqual([quickOrderMessages.quantityOrColumns('1,500')]);
    expect(problemOf('VF-X 1 500')).toEqual([quickOrderMessages.quantityOrColumns('1 500')]);
    expect(problemOf('MPN,Qty\nVF-X,1,500,extra')).toEqual([
      quickOrderMessages.quantityOrColumns('1,500'),
    ]);
    // Many groups can only be thousands; a single group after a point could be a decimal.
    expect(rowsOf('VF-X; 1.000.000\nVF-Y;2,000,000')).toEqual([
      [1, 'VF-X', 1_000_000],
      [2, 'VF-Y', null],
    ]);
    expect(problemOf('VF-Y;2,000,000')).toEqual([quickOrderMessages.badQuantity]);
    expect(problemOf('VF-X, 1, 500')).toEqual([quickOrderMessages.quantityOrColumns('1, 500')]);
    // Another column after the quantity that is not a group of three digits is ignored.
    expect(rowsOf('VF-X, 1, 50\nVF-Y, 2, note')).toEqual([
      [1, 'VF-X', 1],
      [2, 'VF-Y', 2],
    ]);
  });

  it('reads the lines of an order as the shop prints them, so a past order can be pasted back', () => {
    const order = [
      'VF-DM200 × 6',
      'VF-OS1104 × 1,500',
      'VF-TL100 × 25: Silicone Test Lead Kit, $19.90 each: $497.50',
      'VF-CT40 × 2\tVF-CT40 AC/DC Clamp Meter',
      '6 x VF-RL12',
      '12 × VF-CP8',
      'VF-SS60 x 3',
      '4x VF-HR850',
      'VF-X × 1 500',
    ].join('\n');
    expect(rowsOf(order)).toEqual([
      [1, 'VF-DM200', 6],
      [2, 'VF-OS1104', 1500],
      [3, 'VF-TL100', 25],
      [4, 'VF-CT40', 2],
      [5, 'VF-RL12', 6],
      [6, 'VF-CP8', 12],
      [7, 'VF-SS60', 3],
      [8, 'VF-HR850', 4],
      [9, 'VF-X', 1500],
    ]);
    expect(problemOf('VF-X × 1,5\nVF-X × 1.500')).toEqual([
      quickOrderMessages.badQuantity,
      quickOrderMessages.ambiguousQuantity('1.500'),
    ]);
  });
});
