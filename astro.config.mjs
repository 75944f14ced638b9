// @ts-check
// This repository is Soulpress's first user: its site is the integration and nothing else. The vault,
// agents and lessons are the defaults' second choice (content/vaults, content/agents, content/lessons);
// the environment (SOUL_VAULT_DIR, SOULPRESS_SITE, ...) overrides them, as it does for any user.
import { defineConfig } from 'astro/config';
import soulpress from 'soulpress';

export default defineConfig({
  site: 'http://localhost:4321',
  integrations: [soulpress({ title: 'Soulpress' })],
});
