// @ts-check
// The data-path experiment (bench/data-path.ts): the same note pages fed two ways. BENCH_DATA_PATH
// is `slot` (Soulpress's way: loadSite in the integration, the object handed to pages through a
// global slot) or `content` (an Astro Content Layer loader storing every note, rendered HTML
// included, in Astro's data store; src/content.config.ts).
import { defineConfig } from 'astro/config';
import { loadSite } from '../../src/build/site.ts';
import { siteModule } from '../../src/integration/virtual-site.ts';
import { benchSiteOptions } from './site-options.ts';

const mode = process.env['BENCH_DATA_PATH'];
if (mode !== 'slot' && mode !== 'content') throw new Error('BENCH_DATA_PATH must be slot or content');

/** @type {import('astro').AstroIntegration} */
const slot = {
  name: 'bench-slot',
  hooks: {
    'astro:config:setup': async ({ updateConfig }) => {
      // In content mode the page still imports the module: it gets an empty site.
      const site = mode === 'slot' ? (await loadSite(benchSiteOptions())).rendered : Promise.resolve({ notes: [] });
      updateConfig({ vite: { plugins: [siteModule(/** @type {any} */ (site))] } });
    },
  },
};

export default defineConfig({
  integrations: [slot],
  build: { format: 'directory' },
  devToolbar: { enabled: false },
});
