/**
 * The names the boot script (src/boot/) and the app share: attributes and an event on the root.
 * Both import them from here, so neither can drift from the other; in the app only hydration.ts
 * does (so they stay in the entry's chunk). No imports of its own: the boot script is built from
 * this and its own files alone.
 */

/** On the root once the app has hydrated the page (or painted it): the boot script lets go. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
/** On the root while something the visitor did is held for the app. */
export const HELD_ATTRIBUTE = 'data-held';
/** Dispatched on the root once, when the first thing is held. */
export const HELD_EVENT = 'voltforge:held';
/** On the root when a part of the app loaded after the entry (React DOM) could not be. */
export const APP_FAILED_ATTRIBUTE = 'data-app-failed';
/** The boot script's own attributes: the app's entry, and the chunks to preload with it. */
export const APP_ENTRY_ATTRIBUTE = 'data-app';
export const APP_PRELOAD_ATTRIBUTE = 'data-preload';
