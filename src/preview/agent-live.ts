// An agent page's live preview, as the page loads it: the opener only (src/preview/open-panel.ts).
import { startWhenOpen } from './open-panel.ts';

const root = document.querySelector<HTMLElement>('[data-agent-live]');
if (root) startWhenOpen(root, () => import('./agent-start.ts').then((m) => m.start), 'The published composition is complete.');
