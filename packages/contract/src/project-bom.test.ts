import { describe, expect, it } from 'vitest';
import { bomMessages, guessMapping, readBom } from './project-bom.ts';
import { projectMessages } from './project-rules.ts';

const kicad = [
  '"Reference","Value","Footprint","Qty","DNP","MPN"',
  '"R1,R2,R4-R7","10k","Resistor_SMD:R_0603","6","","RC0603FR-0710KL"',
  '"C1","100n","Capacitor_SMD:C_0603","1","DNP","CL10B104KB8NNNC"',
  '"U1","LM358","Package_SO:SOIC-8","1","","LM358DR"',
].join('\n');

describe('reading a bill of materials', () => {
  it("reads KiCad's columns: designators, value and footprint kept, DNP marked", () => {
    const read = readBom(kicad);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.mapping).toMatchObject({
      designators: 0,
      value: 1,
      footprint: 2,
      quantity: 3,
      doNotInstall: 4,
      part: 5,
    });
    expect(read.rows).toEqual([
      {
        row: 2,
        part: 'RC0603FR-0710KL',
        quantityPerBuild: 6,
        designators: 'R1,R2,R4-R7',
        doNotInstall: false,
        customerRef: '',
        note: '10k · Resistor_SMD:R_0603',
        problems: [],
      },
      expect.objectContaining({ part: 'CL10B104KB8NNNC', doNotInstall: true }),
      expect.objectContaining({ part: 'LM358DR', quantityPerBuild: 1 }),
    ]);
  });

  it("reads Altium's tab-separated export and Eagle's semicolons, where Part is the designators", () => {
    const altium =
      'Designator\tComment\tQuantity\tManufacturer Part Number\nK1, K2\tRelay\t2\tVF-RL12\n';
    const read = readBom(altium);
    expect(read.ok && read.rows[0]).toMatchObject({
      part: 'VF-RL12',
      quantityPerBuild: 2,
      designators: 'K1, K2',
    });
    expect(guessMapping(['Part', 'Value', 'Device', 'Package', 'MPN'])).toMatchObject({
      designators: 0,
      part: 4,
    });
    const eagle = 'Part;Value;Package\nR1 R2;VF-RES-10K;0603\n';
    // No part number column: the value is the part, and the count of designators its quantity.
    expect(readBom(eagle)).toMatchObject({
      ok: true,
      rows: [{ part: 'VF-RES-10K', quantityPerBuild: 2, designators: 'R1 R2', note: '0603' }],
    });
  });

  it('names the row and column of each problem, and keeps the row for fixing', () => {
    const bad = [
      'MPN,Qty,Reference',
      'VF-A,-2,R1',
      'VF-B,1.5,R2',
      '=HYPERLINK("http://evil"),1,R3',
      'VF-C,1,R7-R4',
      ',1,R8',
      'VF-D,,',
    ].join('\n');
    const read = readBom(bad);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.rows.map((r) => r.problems)).toEqual([
      [`Row 2, Qty: ${projectMessages.quantityPerBuild}`],
      [`Row 3, Qty: ${projectMessages.quantityPerBuild}`],
      [`Row 4, MPN: ${projectMessages.formula}`],
      [`Row 5, Reference: ${projectMessages.designatorRange('R7-R4')}`],
      [`Row 6, MPN: ${bomMessages.noPart}`],
      [`Row 7, Qty: ${bomMessages.noQuantity}`],
    ]);
  });

  it('refuses files it cannot read, saying why', () => {
    expect(readBom('')).toEqual({ ok: false, message: bomMessages.empty });
    expect(readBom('\ufeff \n')).toEqual({ ok: false, message: bomMessages.empty });
    expect(readBom('a,b\n1,2')).toEqual({ ok: false, message: bomMessages.noHeader });
    expect(readBom('M\u0000P\u0000N\u0000')).toEqual({ ok: false, message: bomMessages.notText });
    expect(readBom('x'.repeat(1_000_001))).toEqual({ ok: false, message: bomMessages.tooLong });
    const many = ['MPN,Qty', ...Array.from({ length: 5_001 }, (_, i) => `P${i},1`)].join('\n');
    expect(readBom(many)).toEqual({ ok: false, message: bomMessages.tooManyRows });
  });
});
