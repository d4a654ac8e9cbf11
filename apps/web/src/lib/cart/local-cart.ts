import { useSyncExternalStore } from 'react';

/**
 * A visitor's cart: tool ids and quantities in this browser's localStorage, so it survives a
 * reload and is there at sign-in, when it is merged into the account's cart and emptied. Prices
 * are never kept here: the cart page prices each line from the tool as it is now.
 */
export interface LocalCartLine {
  toolId: string;
  quantity: number;
}

export const STORAGE_KEY = 'voltforge.cart';
const EMPTY: readonly LocalCartLine[] = [];

const listeners = new Set<() => void>();
let lastRaw: string | null = null;
let lastLines: readonly LocalCartLine[] = EMPTY;

const isLine = (value: unknown): value is LocalCartLine =>
  typeof value === 'object' &&
  value !== null &&
  'toolId' in value &&
  typeof value.toolId === 'string' &&
  'quantity' in value &&
  Number.isInteger(value.quantity) &&
  (value.quantity as number) > 0;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage turned off (a privacy setting): the visitor simply has no saved cart.
    return null;
  }
}

/**
 * The lines as stored, the same array for the same text (useSyncExternalStore needs that). The
 * text is read every time, so a write from another tab or an older visit is never missed.
 */
export function localCartLines(): readonly LocalCartLine[] {
  const raw = readRaw();
  if (raw === lastRaw) return lastLines;
  lastRaw = raw;
  try {
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    lastLines = Array.isArray(parsed) ? parsed.filter(isLine) : EMPTY;
  } catch {
    lastLines = EMPTY;
  }
  return lastLines;
}

/** Tells every reader the lines changed (this tab's writes; other tabs' come as storage events). */
export function notifyLocalCart() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key === STORAGE_KEY || event.key === null) notifyLocalCart();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** This browser's cart lines; none on the server and while hydrating (it cannot know them). */
export function useLocalCart(): readonly LocalCartLine[] {
  return useSyncExternalStore(subscribe, localCartLines, () => EMPTY);
}
