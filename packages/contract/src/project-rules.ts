import { formatCount } from './format-number.ts';
import { MAX_ORDER_QUANTITY, orderMessages } from './order-rules.ts';
import { pricingMessages, type Pricing } from './pricing.ts';
import { quickOrderMessages } from './quick-order-rules.ts';

/*
 * Projects: a buyer's saved bills of materials, priced for a number of builds (docs/architecture.md,
 * "Projects"). The rules and words here need no zod, so a page that shows a project does not load
 * the schemas; the request and answer schemas are in project.ts.
 */

export const MAX_PROJECT_LINES = 5_000;
export const MAX_PROJECT_NAME_LENGTH = 100;
export const MAX_PROJECT_NOTES_LENGTH = 2_000;
export const MAX_LINE_TEXT_LENGTH = 100;
export const MAX_LINE_NOTE_LENGTH = 500;
export const MAX_CUSTOMER_REF_LENGTH = 50;
/** The most parts one line may need per board. */
export const MAX_QUANTITY_PER_BUILD = 100_000;
/** The most boards one pricing may be for. */
export const MAX_BUILDS = 100_000;
/** Attrition is kept in basis points (1 % = 100), at most 100 %. */
export const MAX_ATTRITION_BASIS_POINTS = 10_000;
/** The most designators one range or one line may expand to. */
export const MAX_DESIGNATORS = 10_000;

export const projectMessages = {
  notFound: 'Project not found.',
  name: `Give the project a name of 1 to ${MAX_PROJECT_NAME_LENGTH} characters.`,
  notes: `Notes are at most ${formatCount(MAX_PROJECT_NOTES_LENGTH)} characters.`,
  tooManyLines: `A project holds at most ${formatCount(MAX_PROJECT_LINES)} lines.`,
  part: `Write the part number or the part's description, at most ${MAX_LINE_TEXT_LENGTH} characters.`,
  quantityPerBuild: `The quantity per board must be a whole number from 1 to ${formatCount(MAX_QUANTITY_PER_BUILD)}.`,
  builds: `The number of boards must be a whole number from 1 to ${formatCount(MAX_BUILDS)}.`,
  attrition: 'Attrition must be a percentage from 0 to 100, with at most two decimals.',
  customerRef: `Your reference is at most ${MAX_CUSTOMER_REF_LENGTH} characters.`,
  note: `A line's note is at most ${MAX_LINE_NOTE_LENGTH} characters.`,
  formula: 'Cells may not start with =, +, - or @ (a spreadsheet formula): write the text itself.',
  designatorRange: (range: string) =>
    `"${range}" is not a range: write the lower number first, e.g. R4-R7, with the same letters.`,
  designatorRangeTooLong: (range: string) =>
    `"${range}" names more than ${formatCount(MAX_DESIGNATORS)} parts.`,
  designator: (text: string) =>
    `"${text}" is not a reference designator: write letters and a number, e.g. R1, C4 or R4-R7.`,
  designatorCount: (count: number, perBuild: number) =>
    `${formatCount(count)} reference designator${count === 1 ? '' : 's'} for ${formatCount(perBuild)} per board.`,
  tooMuchForOneOrder: `This line needs more than ${formatCount(MAX_ORDER_QUANTITY)} pieces, the most one order may hold.`,
  unmatched: 'Not in our catalogue: kept in the project, not bought.',
  doNotInstall: 'Do not install: kept in the project, never bought.',
  archived: 'No longer sold: kept in the project, not bought.',
  added: (quantity: number) => `Added ${formatCount(quantity)}.`,
  addedAtBreak: (quantity: number, needed: number) =>
    `Added ${formatCount(quantity)} for ${formatCount(needed)} needed, at the price break.`,
  roundedUp: (quantity: number, needed: number, rule: string) =>
    `${formatCount(quantity)} for ${formatCount(needed)} needed: ${rule}`,
} as const;

/**
 * A cell as a spreadsheet would run it (`=HYPERLINK(…)`, `+1`, `-2`, `@SUM`): refused rather than
 * kept, so an export can never carry a formula into someone's spreadsheet. A plain negative number
 * is not text, and is judged as a quantity instead.
 */
export function isFormula(text: string): boolean {
  return /^[=+\-@]/.test(text.trim()) && !/^-?\d+([.,]\d+)?$/.test(text.trim());
}

const DESIGNATOR = /^([A-Za-z]+)(\d+)$/;

/**
 * The reference designators a line names (`R1, R4-R7` → R1 R4 R5 R6 R7), in the order written,
 * each once; or the first thing wrong with them. Separators are commas, semicolons and spaces.
 */
export function expandDesignators(
  text: string,
): { ok: true; designators: string[] } | { ok: false; message: string } {
  const seen = new Set<string>();
  for (const item of text.split(/[\s,;]+/).filter((part) => part !== '')) {
    const range = /^([A-Za-z]+\d+)-([A-Za-z]+\d+)$/.exec(item);
    if (range) {
      const [, fromText = '', toText = ''] = range;
      const from = DESIGNATOR.exec(fromText);
      const to = DESIGNATOR.exec(toText);
      if (!from || !to) return { ok: false, message: projectMessages.designator(item) };
      const prefix = (from[1] ?? '').toUpperCase();
      const low = Number(from[2]);
      const high = Number(to[2]);
      if (prefix !== (to[1] ?? '').toUpperCase() || high < low) {
        return { ok: false, message: projectMessages.designatorRange(item) };
      }
      if (high - low + 1 > MAX_DESIGNATORS || seen.size + (high - low + 1) > MAX_DESIGNATORS) {
        return { ok: false, message: projectMessages.designatorRangeTooLong(item) };
      }
      for (let n = low; n <= high; n += 1) seen.add(`${prefix}${n}`);
      continue;
    }
    const one = DESIGNATOR.exec(item);
    if (!one) return { ok: false, message: projectMessages.designator(item) };
    seen.add(`${(one[1] ?? '').toUpperCase()}${Number(one[2])}`);
    if (seen.size > MAX_DESIGNATORS) {
      return { ok: false, message: projectMessages.designatorRangeTooLong(item) };
    }
  }
  return { ok: true, designators: [...seen] };
}

/**
 * What a line needs for `builds` boards with its attrition allowance: `ceil(perBuild × builds ×
 * (1 + attrition))`, in whole pieces. Integer arithmetic throughout (attrition in basis points),
 * so 10 × 3 at 10 % is exactly 33, never 33.000000000000004 → 34.
 */
export function neededFor(perBuild: number, builds: number, attritionBasisPoints: number): number {
  const tenThousandths = perBuild * builds * (10_000 + attritionBasisPoints);
  return Math.ceil(tenThousandths / 10_000);
}

/** `needed` rounded up to what the tool can be ordered in: at least the minimum, whole packs. */
export function orderableQuantity(
  tool: Pick<Pricing, 'minOrderQuantity' | 'orderMultiple'>,
  needed: number,
): number {
  const atLeast = Math.max(needed, tool.minOrderQuantity);
  return Math.ceil(atLeast / tool.orderMultiple) * tool.orderMultiple;
}

/** What a priced line says of itself (the page, the CSV export). */
export function pricedLineMessage(line: {
  status: string;
  mergedInto: number | null;
  available: number | null;
}): string {
  if (line.mergedInto !== null) return quickOrderMessages.duplicate(line.mergedInto);
  switch (line.status) {
    case 'short':
      return quickOrderMessages.short(line.available ?? 0);
    case 'unmatched':
      return projectMessages.unmatched;
    case 'do_not_install':
      return projectMessages.doNotInstall;
    case 'archived':
      return projectMessages.archived;
    case 'too_many':
      return projectMessages.tooMuchForOneOrder;
    default:
      return 'Ready';
  }
}

/** "25 for 14 needed: Minimum Order Quantity 25 pcs.", or null when nothing was rounded. */
export function roundedUpMessage(line: {
  quantity: number;
  needed: number;
  roundedUp: { rule: 'minimum' | 'multiple'; by: number } | null;
}): string | null {
  if (!line.roundedUp) return null;
  const rule =
    line.roundedUp.rule === 'minimum'
      ? orderMessages.minQuantity(line.roundedUp.by)
      : pricingMessages.multiple(line.roundedUp.by);
  return projectMessages.roundedUp(line.quantity, line.needed, rule);
}
