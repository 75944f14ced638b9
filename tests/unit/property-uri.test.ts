// Property tests of the URI parser: any string gives a NoteRef or uri_invalid, nothing else;
// every URI built from valid parts is accepted as is; any that could leave the vault is refused.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { VaultError, parseUri, pathProblem } from '../../src/core/index.ts';
import type { NoteRef } from '../../src/core/index.ts';

type Outcome = { ok: true; ref: NoteRef } | { ok: false; message: string };

function parse(uri: string): Outcome {
  try {
    return { ok: true, ref: parseUri(uri) };
  } catch (error) {
    assert.ok(error instanceof VaultError, `not a VaultError: ${String(error)}`);
    assert.equal(error.code, 'uri_invalid');
    assert.equal(error.note, uri);
    return { ok: false, message: error.message };
  }
}

const vaultId = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,15}$/);
/** A folder or file name a note path may hold: no separator, backslash or NUL, not starting with ".", well-formed. */
const segment = fc
  .string({ unit: fc.oneof(fc.constantFrom('a', 'Z', '0', '-', '_', ' ', '.', '%', '~', 'é', 'e\u0301', '🦊', '灵', ':', '?', '#'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), minLength: 1, maxLength: 8 })
  .filter((s) => !s.startsWith('.') && !/[/\\\0]/.test(s) && s.isWellFormed());
const validPath = fc.tuple(fc.array(segment, { maxLength: 3 }), segment).map(([dirs, name]) => [...dirs, `${name}.md`]);
const validUri = fc.tuple(vaultId, validPath).map(([vault, segs]) => ({ vault, path: segs.join('/'), segs }));

/** Strings near the URI grammar: the scheme, separators, dots, backslashes, NUL, surrogates, percent escapes. */
const nearUri = fc
  .array(fc.oneof(fc.constantFrom('soul://', 'soul:', '//', '/', '.', '..', '\\', '\0', '.md', '%2e', '%2F', 'wren', 'Wren', '-', ' ', '\ud800', '\udc00', '🦊', 'C:'), fc.string({ maxLength: 4 })), { maxLength: 12 })
  .map((parts) => parts.join(''));
const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), nearUri, nearUri.map((s) => `soul://${s}`));

test('parseUri on any string gives a NoteRef or uri_invalid naming that string, and the same answer twice', () => {
  fc.assert(
    fc.property(anyString, (uri) => {
      const first = parse(uri);
      assert.deepEqual(parse(uri), first);
      if (!first.ok) return;
      // Accepted means canonical and contained: the URI rebuilds exactly, and the path stays inside the vault.
      const { vault, path: rel } = first.ref;
      assert.equal(first.ref.uri, uri);
      assert.equal(`soul://${vault}/${rel}`, uri);
      assert.equal(pathProblem(rel), null);
      const root = path.resolve('/vault-root');
      const file = path.resolve(root, vault, ...rel.split('/'));
      assert.ok(file.startsWith(`${root}${path.sep}${vault}${path.sep}`), file);
      assert.equal(path.posix.normalize(rel), rel);
    }),
    { numRuns: 1000 },
  );
});

test('every URI built from valid parts is accepted as is', () => {
  fc.assert(
    fc.property(validUri, ({ vault, path: rel }) => {
      const result = parse(`soul://${vault}/${rel}`);
      assert.ok(result.ok, result.ok ? '' : result.message);
      assert.deepEqual(result.ref, { vault, path: rel, uri: `soul://${vault}/${rel}` });
    }),
    { numRuns: 300 },
  );
});

test('a .., . or empty segment, a backslash, a NUL, an absolute path or a lone surrogate is always refused', () => {
  const breaking = fc.oneof(
    // Replace one segment with a bad one.
    fc.tuple(validUri, fc.nat(), fc.constantFrom('..', '.', '')).map(([u, i, bad]) => {
      const segs = [...u.segs];
      segs[i % segs.length] = bad;
      return `soul://${u.vault}/${segs.join('/')}`;
    }),
    // Insert a character that could leave the vault or name some other file anywhere in the path.
    fc.tuple(validUri, fc.nat(), fc.constantFrom('\\', '\0', '\ud800', '\udfff')).map(([u, i, bad]) => {
      const at = i % (u.path.length + 1);
      return `soul://${u.vault}/${u.path.slice(0, at)}${bad}${u.path.slice(at)}`;
    }),
    // Absolute: a leading slash after the vault, no vault at all, or a plain file path.
    validUri.map((u) => `soul://${u.vault}//${u.path}`),
    validUri.map((u) => `soul:///${u.path}`),
    validUri.map((u) => `/${u.vault}/${u.path}`),
  );
  fc.assert(
    fc.property(breaking, (uri) => {
      assert.equal(parse(uri).ok, false, uri);
    }),
    { numRuns: 500 },
  );
});

test('parseUri agrees with pathProblem: a path is accepted exactly when it is clean, a .md file, and no name starts with "."', () => {
  const anyPath = fc.oneof(validPath.map((s) => s.join('/')), nearUri);
  fc.assert(
    fc.property(vaultId, anyPath, (vault, rel) => {
      const expected = rel.length > 0 && pathProblem(rel) === null && rel.endsWith('.md') && !rel.split('/').some((s) => s.startsWith('.'));
      assert.equal(parse(`soul://${vault}/${rel}`).ok, expected, rel);
    }),
    { numRuns: 500 },
  );
});
