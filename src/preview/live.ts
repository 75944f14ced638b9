// A soul or guest page's live preview, as the page loads it: the opener only (src/preview/open-panel.ts).
import { startWhenOpen } from './open-panel.ts';
import src from './live-start.ts?worker&url';

const root = document.querySelector<HTMLElement>('[data-live]');
if (root) startWhenOpen(root, src, 'The published bundle above is complete.');
