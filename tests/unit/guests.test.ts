// Guests: memories newest first (frontmatter date, else file-name date), undated after, ties in path order.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileNameTime, isoTime } from '../../src/core/dates.ts';
import { loadIdentity } from '../../src/core/index.ts';
import { FsStore } from '../../src/node/index.ts';
import { fixture, tinyStore } from './helpers.ts';

// A machine far from UTC: a time read as local instead of UTC would move by eight hours and change the order below.
process.env['TZ'] = 'Asia/Shanghai';

const memory = (name: string, date?: string): [string, string] => [
  `tiny-guests/bo/memory/${name}`,
  date === undefined ? `${name}\n` : `---\ndate: ${date}\n---\n${name}\n`,
];

const memories = Object.fromEntries([
  memory('index.md'),
  memory('b-undated.md'),
  memory('a-undated.md'),
  memory('2026-01-05-old.md'),
  // Frontmatter date wins over the file name's date.
  memory('2025-12-01-renamed.md', '2026-04-01'),
  // Equal dates (one from frontmatter, one from the file name): path order.
  memory('dated.md', '2026-03-01'),
  memory('2026-03-01-same-day.md'),
  // 2026-02-01T01:00+02:00 is 2026-01-31T23:00Z: before the plain date 2026-02-01, after 2026-01-31.
  memory('offset.md', '"2026-02-01T01:00:00+02:00"'),
  memory('plain-feb.md', '2026-02-01'),
  memory('plain-jan31.md', '2026-01-31'),
  // No offset: UTC, so 23:30Z, between offset.md and plain-feb.md. As Shanghai time it would be 15:30Z.
  memory('no-offset.md', '2026-01-31T23:30:00'),
  memory('trips/2026-01-10-nested.md'),
]);

const ORDER = [
  '2025-12-01-renamed.md',
  '2026-03-01-same-day.md',
  'dated.md',
  'plain-feb.md',
  'no-offset.md',
  'offset.md',
  'plain-jan31.md',
  'trips/2026-01-10-nested.md',
  '2026-01-05-old.md',
  'a-undated.md',
  'b-undated.md',
];

describe('memory order', () => {
  test('newest first, undated after in path order, equal dates in path order, offsets compared in UTC', async () => {
    const bundle = await loadIdentity({ store: tinyStore(memories), soul: 'bo', harness: 'test' });
    const got = bundle.documents.filter((d) => d.role === 'memory').map((d) => d.uri.replace('soul://tiny-guests/bo/memory/', ''));
    assert.deepEqual(got, ORDER);
  });

  test('memory/index.md is the memory_index, not a memory', async () => {
    const bundle = await loadIdentity({ store: tinyStore(memories), soul: 'bo', harness: 'test' });
    assert.deepEqual(
      bundle.documents.filter((d) => d.uri.endsWith('/memory/index.md')).map((d) => [d.role, d.mode, d.text]),
      [['memory_index', 'whole', 'index.md\n']],
    );
  });

  test('the tiny fixture on disk', async () => {
    const bundle = await loadIdentity({ store: new FsStore(fixture('tiny')), soul: 'bo', harness: 'test' });
    assert.deepEqual(
      bundle.documents.filter((d) => d.role === 'memory').map((d) => d.uri),
      ['soul://tiny-guests/bo/memory/later.md', 'soul://tiny-guests/bo/memory/2026-01-05-walk.md', 'soul://tiny-guests/bo/memory/undated.md'],
    );
  });
});

describe('dates', () => {
  test('a date-time with an offset is the UTC instant it names', () => {
    assert.equal(isoTime('2026-02-01T01:00:00+02:00'), Date.UTC(2026, 0, 31, 23, 0));
    assert.equal(isoTime('2026-02-11T21:40:00+08:00'), Date.UTC(2026, 1, 11, 13, 40));
    assert.equal(isoTime('2026-02-11T21:40:00-0130'), Date.UTC(2026, 1, 11, 23, 10));
    assert.equal(isoTime('2026-02-11T21:40:00Z'), Date.UTC(2026, 1, 11, 21, 40));
  });

  test('a date-time with no offset is read as UTC, not local time', () => {
    assert.equal(isoTime('2026-01-31T23:30:00'), Date.UTC(2026, 0, 31, 23, 30));
    assert.equal(isoTime('2026-01-31'), Date.UTC(2026, 0, 31));
  });

  test('not a date: null', () => {
    for (const bad of ['yesterday', '2026-02-30', '2026-13-01', '26-01-01', '']) assert.equal(isoTime(bad), null, bad);
  });

  test('a file name date is the YYYY-MM-DD it starts with', () => {
    assert.equal(fileNameTime('memory/2026-03-14-first-visit.md'), Date.UTC(2026, 2, 14));
    assert.equal(fileNameTime('memory/visit-2026-03-14.md'), null);
  });
});

describe('absent memory index', () => {
  test('an empty pointer: mode pointer, text "", revision "", bytes 0, required false', async () => {
    const bundle = await loadIdentity({ store: tinyStore(), soul: 'bo', harness: 'test' });
    const index = bundle.documents.find((d) => d.role === 'memory_index');
    assert.deepEqual(index, {
      role: 'memory_index',
      uri: 'soul://tiny-guests/bo/memory/index.md',
      mode: 'pointer',
      required: false,
      revision: '',
      bytes: 0,
      text: '',
    });
  });
});
