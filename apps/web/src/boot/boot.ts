import { HYDRATED_ATTRIBUTE } from '../lib/first-paint/boot-protocol';
import { holdUntilHydrated } from './held-taps';
import { startApp } from './preloads';
import { applySavedToolView } from './tool-view';

/*
 * The first script of a page the server rendered (docs/decisions/007-server-rendering.md), built
 * on its own into dist/boot.js (vite.boot.config.ts): it holds what the visitor does until the app
 * has hydrated, fetches the app once the page has painted, and shows the catalogue view the
 * visitor chose. Its names are the app's own (lib/first-paint/boot-protocol.ts).
 */
const root = document.getElementById('root');
const release =
  root?.firstChild && !root.hasAttribute(HYDRATED_ATTRIBUTE) ? holdUntilHydrated(root) : () => {};
startApp(release);
applySavedToolView();
