// What the integration sets in Astro's config: pages rendered a few at a time unless the project chose.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PAGES_AT_ONCE, astroConfig } from '../../src/integration/astro-config.ts';
import { resolveOptions } from '../../src/integration/options.ts';

const resolved = resolveOptions({ title: 'T' }, '/tmp/soulpress-config-test', {});

test('Astro renders several pages at once by default', () => {
  assert.ok(PAGES_AT_ONCE > 1);
  assert.equal(astroConfig(resolved).build?.concurrency, PAGES_AT_ONCE);
  assert.equal(astroConfig(resolved, 1).build?.concurrency, PAGES_AT_ONCE);
});

test("a project's own build.concurrency above 1 is kept", () => {
  assert.equal(astroConfig(resolved, 2).build?.concurrency, 2);
  assert.equal(astroConfig(resolved, 16).build?.concurrency, 16);
});
