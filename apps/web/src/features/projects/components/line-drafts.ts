import type { BomPreviewRow, ProjectLine, ProjectLineInput } from '@voltforge/contract/project';
import {
  MAX_ATTRITION_BASIS_POINTS,
  MAX_CUSTOMER_REF_LENGTH,
  MAX_LINE_NOTE_LENGTH,
  MAX_LINE_TEXT_LENGTH,
  MAX_QUANTITY_PER_BUILD,
  expandDesignators,
  isFormula,
  projectMessages,
} from '@voltforge/contract/project-rules';

/** A line as the buyer edits it: text fields as typed, checked when saved. */
export interface LineDraft {
  key: string;
  part: string;
  quantityPerBuild: string;
  designators: string;
  customerRef: string;
  doNotInstall: boolean;
  /** A percentage as typed ("2.5"). */
  attrition: string;
  note: string;
  /** The tool the part matched when last read (null: not in the catalogue). */
  partNumber: string | null;
  name: string | null;
  closest: string[];
  /** What the import said of the row, until it is edited. */
  problems: string[];
}

export type LineField =
  'part' | 'quantityPerBuild' | 'designators' | 'customerRef' | 'attrition' | 'note';
export type LineErrors = Partial<Record<LineField, string>>;

let next = 0;
const newKey = () => `line-${(next += 1)}`;

const percentOf = (basisPoints: number) => (basisPoints === 0 ? '' : String(basisPoints / 100));

export function draftFromLine(line: ProjectLine): LineDraft {
  return {
    key: newKey(),
    part: line.part,
    quantityPerBuild: String(line.quantityPerBuild),
    designators: line.designators,
    customerRef: line.customerRef,
    doNotInstall: line.doNotInstall,
    attrition: percentOf(line.attritionBasisPoints),
    note: line.note,
    partNumber: line.partNumber,
    name: line.name,
    closest: line.closest,
    problems: [],
  };
}

export function draftFromRow(row: BomPreviewRow): LineDraft {
  return {
    key: newKey(),
    part: row.part,
    quantityPerBuild: row.quantityPerBuild === null ? '' : String(row.quantityPerBuild),
    designators: row.designators,
    customerRef: row.customerRef,
    doNotInstall: row.doNotInstall,
    attrition: '',
    note: row.note,
    partNumber: row.partNumber,
    name: row.name,
    closest: row.closest,
    problems: row.problems,
  };
}

export const emptyDraft = (): LineDraft => ({
  key: newKey(),
  part: '',
  quantityPerBuild: '1',
  designators: '',
  customerRef: '',
  doNotInstall: false,
  attrition: '',
  note: '',
  partNumber: null,
  name: null,
  closest: [],
  problems: [],
});

const text = (value: string, max: number, message: string): string | undefined => {
  if (value.trim().length > max) return message;
  if (isFormula(value)) return projectMessages.formula;
  return undefined;
};

/** The attrition typed as a percentage, in basis points; null when it is not one. */
function basisPointsOf(typed: string): number | null {
  const value = typed.trim().replace(',', '.').replace(/%$/, '').trim();
  if (value === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const points = Math.round(Number(value) * 100);
  return points <= MAX_ATTRITION_BASIS_POINTS ? points : null;
}

/** What is wrong with a line as typed, by field (the server checks the same rules again). */
export function lineErrors(draft: LineDraft): LineErrors {
  const errors: LineErrors = {};
  const part = draft.part.trim();
  errors.part =
    part === '' ? projectMessages.part : text(part, MAX_LINE_TEXT_LENGTH, projectMessages.part);
  const quantity = /^\d+$/.test(draft.quantityPerBuild.trim())
    ? Number(draft.quantityPerBuild)
    : Number.NaN;
  if (!(quantity >= 1 && quantity <= MAX_QUANTITY_PER_BUILD)) {
    errors.quantityPerBuild = projectMessages.quantityPerBuild;
  }
  const designators = expandDesignators(draft.designators);
  if (!designators.ok) errors.designators = designators.message;
  errors.customerRef = text(
    draft.customerRef,
    MAX_CUSTOMER_REF_LENGTH,
    projectMessages.customerRef,
  );
  if (basisPointsOf(draft.attrition) === null) errors.attrition = projectMessages.attrition;
  errors.note = text(draft.note, MAX_LINE_NOTE_LENGTH, projectMessages.note);
  for (const key of Object.keys(errors) as LineField[]) {
    if (errors[key] === undefined) delete errors[key];
  }
  return errors;
}

/** The lines to save, or null when any has an error (shown by `lineErrors`). */
export function linesToSave(drafts: readonly LineDraft[]): ProjectLineInput[] | null {
  if (drafts.some((draft) => Object.keys(lineErrors(draft)).length > 0)) return null;
  return drafts.map((draft) => ({
    part: draft.part.trim(),
    quantityPerBuild: Number(draft.quantityPerBuild),
    designators: draft.designators.trim(),
    customerRef: draft.customerRef.trim(),
    doNotInstall: draft.doNotInstall,
    attritionBasisPoints: basisPointsOf(draft.attrition) ?? 0,
    note: draft.note.trim(),
  }));
}
