/**
 * Where this browser keeps its catalogue view, and the `<html>` data attribute that shows it: the
 * names the catalogue (features/catalog/tool-view.ts) and the boot script (src/boot/tool-view.ts)
 * share. Apart from boot-protocol.ts so that only the catalogue's code carries them.
 */
export const TOOL_VIEW_STORAGE_KEY = 'voltforge.toolView';
export const TOOL_VIEW_DATASET = 'toolView';
