import { localCartLines, notifyLocalCart, STORAGE_KEY, type LocalCartLine } from './local-cart';

/*
 * Changes to a visitor's cart in this browser. Apart from local-cart.ts, which the navbar reads in
 * every page's first load: these load with the cart's pages and buttons.
 */

function write(lines: readonly LocalCartLine[]) {
  try {
    if (lines.length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
  } catch {
    throw new Error('This browser does not let the shop keep a cart. Log in to use one.');
  }
  notifyLocalCart();
}

/** Adds quantities to the lines already there (new tools go last, as on the server). */
export function addLocalLines(added: readonly LocalCartLine[]): void {
  const lines = localCartLines().map((line) => ({ ...line }));
  for (const { toolId, quantity } of added) {
    const line = lines.find((l) => l.toolId === toolId);
    if (line) line.quantity += quantity;
    else lines.push({ toolId, quantity });
  }
  write(lines);
}

export function setLocalQuantity(toolId: string, quantity: number): void {
  write(localCartLines().map((line) => (line.toolId === toolId ? { toolId, quantity } : line)));
}

export function removeLocalLine(toolId: string): void {
  write(localCartLines().filter((line) => line.toolId !== toolId));
}

/**
 * Empties this browser's cart and hands back what it held. Taken before the merge is sent, so
 * two tabs signing in together cannot both merge the same lines.
 */
export function takeLocalCart(): readonly LocalCartLine[] {
  const lines = localCartLines();
  if (lines.length > 0) write([]);
  return lines;
}
