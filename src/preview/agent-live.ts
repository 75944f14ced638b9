// An agent page's live preview, as the page loads it: the opener only (src/preview/open-panel.ts).
import { startWhenOpen } from './open-panel.ts';
import src from './agent-start.ts?worker&url';

const root = document.querySelector<HTMLElement>('[data-agent-live]');
if (root) startWhenOpen(root, src, 'The published composition is complete.');
