// "What an edit here costs" on every note page: the same figures as `soul-vault impact --json`, and
// both the same as an independent computation over the loader's bundles: the note's text (or its
// pointer sentence) found in the rendered prompt's bytes, the tail from there counted with a second
// o200k implementation (js-tiktoken), and a pointer's flip made by putting the note's text in its place.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { decodeNote, pointerText, renderPrompt } from '../../src/core/index.ts';
import { runMain } from '../unit/helpers.ts';
import { DIST, pageFile } from './helpers/dist.ts';
import { HARNESS, expectedBundles, expectedNotes, notePage } from './helpers/family.ts';
import type { Expected, ExpectedNote } from './helpers/family.ts';
import { innerText, withAttr } from './helpers/html.ts';

const reference = new Tiktoken(o200k);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

let notes: ExpectedNote[] = [];
let bundles: Expected[] = [];

before(async () => {
  notes = await expectedNotes();
  bundles = await expectedBundles();
});

interface Figures {
  member: string;
  preset: string | null;
  index: number;
  mode: string;
  offset: number;
  prompt_bytes: number;
  resent_bytes: number;
  resent_tokens: number;
  flip: { resent_bytes: number; resent_tokens: number } | null;
}

/** Where `needle` starts in `hay`, once: a second place would make the answer a guess. */
function onlyIndex(hay: Uint8Array, needle: Uint8Array, what: string): number {
  const buffer = Buffer.from(hay);
  const at = buffer.indexOf(needle);
  assert.ok(at >= 0, `${what}: not in the prompt`);
  assert.equal(buffer.indexOf(needle, at + 1), -1, `${what}: found twice; the test cannot tell which`);
  return at;
}

const worked = new Map<string, Figures[]>();

/** The figures worked out without the project's impact code: search the prompt's bytes, count with js-tiktoken. */
function independent(note: ExpectedNote): Figures[] {
  let out = worked.get(note.uri);
  if (!out) worked.set(note.uri, (out = workOut(note)));
  return out;
}

function workOut(note: ExpectedNote): Figures[] {
  const text = decodeNote(note.bytes, note.uri, undefined, 'read');
  const out: Figures[] = [];
  for (const { bundle } of bundles) {
    const index = bundle.documents.findIndex((d) => d.uri === note.uri);
    if (index < 0) continue;
    const doc = bundle.documents[index]!;
    const prompt = encoder.encode(renderPrompt(bundle.documents));
    // A pointer's sentence ends its document: the blank line after it (or the prompt's end) keeps a.md from matching a.md.md.
    const last = index === bundle.documents.length - 1 || bundle.documents.slice(index + 1).every((d) => d.text === '');
    const needle = encoder.encode(`${index === 0 ? '' : '\n\n'}${doc.text}${last ? '' : '\n\n'}`);
    const offset = onlyIndex(prompt, needle, `${note.uri} in ${bundle.soul}/${bundle.preset ?? ''}`) + (index === 0 ? 0 : 2);
    const tail = (bytes: Uint8Array, from: number) => reference.encode(decoder.decode(bytes.subarray(from))).length;
    let flip: Figures['flip'] = null;
    if (doc.mode === 'pointer') {
      assert.equal(doc.text, pointerText(note.uri));
      const flipped = encoder.encode(renderPrompt(bundle.documents.map((d, i) => (i === index ? { ...d, text } : d))));
      flip = { resent_bytes: flipped.length - offset, resent_tokens: tail(flipped, offset) };
    }
    out.push({
      member: bundle.soul,
      preset: bundle.preset,
      index: index + 1,
      mode: doc.mode,
      offset,
      prompt_bytes: prompt.length,
      resent_bytes: doc.mode === 'whole' ? prompt.length - offset : 0,
      resent_tokens: doc.mode === 'whole' ? tail(prompt, offset) : 0,
      flip,
    });
  }
  return out;
}

/** The figures a note page shows: its rows' data, each checked against the text the row prints. */
function onPage(note: ExpectedNote): Figures[] {
  const html = readFileSync(pageFile(DIST, notePage(note.vault, note.path)), 'utf8');
  return withAttr(html, 'data-impact-row').map((row) => {
    const a = (name: string) => row.attrs.get(name)!;
    const shown = (cell: string) => innerText(html.slice(row.at), new RegExp(`<span data-cell="${cell}"[^>]*>`), '</span>');
    // What a reader sees is what the data says.
    assert.equal(shown('offset'), Number(a('data-offset')).toLocaleString('en-US'), `${note.uri}: the shown offset`);
    assert.equal(shown('index'), a('data-index'));
    if (a('data-mode') === 'whole') assert.equal(shown('resent-tokens'), Number(a('data-resent-tokens')).toLocaleString('en-US'));
    return {
      member: a('data-impact-member'),
      preset: a('data-preset') === '' ? null : a('data-preset'),
      index: Number(a('data-index')),
      mode: a('data-mode'),
      offset: Number(a('data-offset')),
      prompt_bytes: Number(a('data-prompt-bytes')),
      resent_bytes: Number(a('data-resent-bytes')),
      resent_tokens: Number(a('data-resent-tokens')),
      flip: a('data-flip-bytes') === '' ? null : { resent_bytes: Number(a('data-flip-bytes')), resent_tokens: Number(a('data-flip-tokens')) },
    };
  });
}

test('every note page shows, per bundle that carries the note, what soul-vault impact and an independent computation say', async () => {
  let whole = 0;
  let pointer = 0;
  for (const note of notes) {
    const expected = independent(note);
    const r = await runMain(['impact', note.uri, '--harness', HARNESS, '--json']);
    assert.equal(r.code, 0, r.stderr);
    const cli = JSON.parse(r.stdout) as { uri: string; harness: string; bundles: Array<Figures & { share: number }> };
    assert.equal(cli.uri, note.uri);
    assert.equal(cli.harness, HARNESS);
    for (const b of cli.bundles) assert.equal(b.share, Math.round((b.resent_bytes / b.prompt_bytes) * 100_000) / 100_000, `${note.uri}: share`);
    const fromCli = cli.bundles.map((b) => ({ member: b.member, preset: b.preset, index: b.index, mode: b.mode, offset: b.offset, prompt_bytes: b.prompt_bytes, resent_bytes: b.resent_bytes, resent_tokens: b.resent_tokens, flip: b.flip && { resent_bytes: b.flip.resent_bytes, resent_tokens: b.flip.resent_tokens } }));
    assert.deepEqual(fromCli, expected, `${note.uri}: soul-vault impact`);
    assert.deepEqual(onPage(note), expected, `${note.uri}: the note page`);
    whole += expected.filter((e) => e.mode === 'whole').length;
    pointer += expected.filter((e) => e.mode === 'pointer').length;
  }
  // The sample exercises both kinds of row, in many bundles.
  assert.ok(whole > 20 && pointer > 20, `${whole} whole rows, ${pointer} pointer rows`);
});

test('a note carried only as a pointer says an edit to its body costs no cache, and what a flip would', () => {
  const pointers = notes.filter((n) => bundles.some(({ bundle }) => bundle.documents.some((d) => d.uri === n.uri)) && bundles.every(({ bundle }) => bundle.documents.every((d) => d.uri !== n.uri || d.mode === 'pointer')));
  assert.ok(pointers.length > 0);
  for (const n of pointers) {
    const page = readFileSync(pageFile(DIST, notePage(n.vault, n.path)), 'utf8');
    assert.match(page, /data-verdict="pointer"/, n.uri);
    assert.match(page, /Editing its body costs no cache/, n.uri);
    assert.match(page, /Flipping it to whole would resend up to/, n.uri);
  }
});

test('a note carried by many bundles shows their total', () => {
  const many = notes.find((n) => independent(n).filter((f) => f.mode === 'whole').length > 2)!;
  const expected = independent(many);
  const html = readFileSync(pageFile(DIST, notePage(many.vault, many.path)), 'utf8');
  const [total] = withAttr(html, 'data-impact-total');
  assert.ok(total, `${many.uri}: a total row`);
  assert.equal(Number(total.attrs.get('data-resent-bytes')), expected.reduce((n, f) => n + f.resent_bytes, 0));
  assert.equal(Number(total.attrs.get('data-resent-tokens')), expected.reduce((n, f) => n + f.resent_tokens, 0));
});
