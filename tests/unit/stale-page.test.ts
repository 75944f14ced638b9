// The dev page's generation check, run against a stand-in for Vite's HMR context: it asks on start and on
// every connect, and reloads once when the server's data is newer than the page's, however many answers say so.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GENERATION_EVENT, GENERATION_METRIC, generationCheck } from '../../src/integration/stale-page.ts';

function page(rendered: string | null): { answer: (generation: number) => void; connect: () => void; asked: number; reloads: number } {
  const handlers = new Map<string, Array<(data: { generation: number }) => void>>();
  const state = {
    asked: 0,
    reloads: 0,
    answer: (generation: number) => handlers.get(GENERATION_EVENT)?.forEach((h) => h({ generation })),
    connect: () => handlers.get('vite:ws:connect')?.forEach((h) => h({ generation: -1 })),
  };
  const hot = {
    on: (event: string, handler: (data: { generation: number }) => void) => handlers.set(event, [...(handlers.get(event) ?? []), handler]),
    send: (event: string) => void (event === GENERATION_EVENT && state.asked++),
  };
  const performance = { getEntriesByType: () => [{ serverTiming: rendered === null ? [] : [{ name: GENERATION_METRIC, description: rendered }] }] };
  const location = { reload: () => void state.reloads++ };
  new Function('hot', 'performance', 'location', generationCheck('hot'))(hot, performance, location);
  return state;
}

test('a page behind the server reloads once, though both of its first questions are answered', () => {
  const p = page('3');
  p.connect();
  assert.equal(p.asked, 2, 'asked at once and on connect');
  p.answer(4);
  p.answer(4);
  assert.equal(p.reloads, 1);
});

test('a page at the server\'s generation does not reload; one without a generation asks nothing', () => {
  const current = page('4');
  current.answer(4);
  current.connect();
  current.answer(4);
  assert.equal(current.reloads, 0);
  const unmarked = page(null);
  unmarked.connect();
  assert.equal(unmarked.asked, 0);
});
