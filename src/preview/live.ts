// A soul or guest page's live preview, as the page loads it: the opener only (src/preview/open-panel.ts).
import { startWhenOpen } from './open-panel.ts';

const root = document.querySelector<HTMLElement>('[data-live]');
if (root) startWhenOpen(root, () => import('./live-start.ts').then((m) => m.start), 'The published bundle above is complete.');
