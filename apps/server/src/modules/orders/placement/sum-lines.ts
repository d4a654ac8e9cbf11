/* Step 1 of placing an order (place-order.ts). */

/**
 * Where a line came from, which its order line keeps: the project revision it was bought from
 * (with the project's name then) and the buyer's own reference for the part; null when none.
 */
export interface LineSource {
  projectId: string | null;
  projectRevision: number | null;
  projectName: string | null;
  customerRef: string | null;
}

/** A tool and a quantity the buyer asks for. */
export interface WantedLine {
  toolId: string;
  quantity: number;
  source?: LineSource;
  /**
   * A price agreed in a quote, in cents per unit: the line is charged it instead of the tool's
   * price and breaks, and the quote's own minimum and multiple (checked when it was sent) stand
   * for the tool's.
   */
  quotedUnitPriceCents?: number;
}

/**
 * One line per tool, in the order first listed; two lines of one tool are summed, so the rules of
 * step 3 (minimum, multiple, break, stock) see what the order really takes of it. The line keeps
 * the first line's source (a cart holds one line per tool, so only the order form can repeat one).
 */
export function sumSameTool(lines: readonly WantedLine[]): WantedLine[] {
  const byTool = new Map<string, WantedLine>();
  for (const line of lines) {
    const seen = byTool.get(line.toolId);
    if (seen) seen.quantity += line.quantity;
    else byTool.set(line.toolId, { ...line });
  }
  return [...byTool.values()];
}
