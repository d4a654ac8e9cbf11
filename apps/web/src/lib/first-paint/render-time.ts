import { createContext, useContext } from 'react';

/**
 * The moment the page counts as loaded, for rules that compare a date with "now" (a tool's NEW
 * badge). A server-rendered page and its hydration must agree on it, so the server writes the
 * time it rendered into the page's first data and the app starts from that; without it (tests,
 * a page the server did not render) it is when this code loaded.
 */
export const loadedAt = Date.now();

const RenderTime = createContext(loadedAt);

export const RenderTimeProvider = RenderTime.Provider;

export const useRenderTime = () => useContext(RenderTime);
