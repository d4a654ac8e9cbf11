import { projectMessages } from '@voltforge/contract/project-rules';
import { describe, expect, it } from 'vitest';
import { emptyDraft, lineErrors, linesToSave, type LineDraft } from './line-drafts';

const draft = (change: Partial<LineDraft>): LineDraft => ({
  ...emptyDraft(),
  part: 'VF-DM200',
  ...change,
});

describe('a line as the buyer types it', () => {
  it('is saved with its attrition in basis points, a comma or a percent sign allowed', () => {
    expect(
      linesToSave([
        draft({ quantityPerBuild: '4', attrition: '2,5 %', designators: ' R1-R4 ' }),
        draft({ part: ' NOT-OURS ', attrition: '' }),
      ]),
    ).toEqual([
      {
        part: 'VF-DM200',
        quantityPerBuild: 4,
        designators: 'R1-R4',
        customerRef: '',
        doNotInstall: false,
        attritionBasisPoints: 250,
        note: '',
      },
      expect.objectContaining({ part: 'NOT-OURS', attritionBasisPoints: 0 }),
    ]);
  });

  it('names each field that is wrong, and nothing is saved while one is', () => {
    const bad = draft({
      part: '=HYPERLINK("x")',
      quantityPerBuild: '1.5',
      designators: 'R7-R4',
      attrition: '101',
    });
    expect(lineErrors(bad)).toEqual({
      part: projectMessages.formula,
      quantityPerBuild: projectMessages.quantityPerBuild,
      designators: projectMessages.designatorRange('R7-R4'),
      attrition: projectMessages.attrition,
    });
    expect(linesToSave([draft({}), bad])).toBeNull();
    expect(lineErrors(draft({ part: '  ' })).part).toBe(projectMessages.part);
    expect(lineErrors(draft({ quantityPerBuild: '0' })).quantityPerBuild).toBe(
      projectMessages.quantityPerBuild,
    );
    expect(lineErrors(draft({ attrition: '2.555' })).attrition).toBe(projectMessages.attrition);
  });
});
