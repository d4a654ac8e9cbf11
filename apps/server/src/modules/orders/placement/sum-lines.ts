/* Step 1 of placing an order (place-order.ts). */

/** A tool and a quantity the buyer asks for. */
export interface WantedLine {
  toolId: string;
  quantity: number;
}

/**
 * One line per tool, in the order first listed; two lines of one tool are summed, so the rules of
 * step 3 (minimum, multiple, break, stock) see what the order really takes of it.
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
