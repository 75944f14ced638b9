// Node-only: what version of a package is installed, or of one of this package's own modules, for
// cache keys that must change with it.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** An installed package's version: its package.json is not always exported, so it is found from the entry point up. */
const versions = new Map<string, string>();

export function versionOf(pkg: string): string {
  const known = versions.get(pkg);
  if (known !== undefined) return known;
  let dir = path.dirname(fileURLToPath(import.meta.resolve(pkg)));
  for (;;) {
    try {
      const json = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (json.name === pkg && json.version) {
        versions.set(pkg, json.version);
        return json.version;
      }
    } catch {
      // Not this folder: go up.
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`Soulpress: cannot find the version of ${pkg}`);
    dir = up;
  }
}

/**
 * A module of this package by its own bytes, for a cache of what that module makes: its URL as
 * `new URL('./name.ts', import.meta.url)` names it in the sources; compiled, the file is the .js beside it.
 */
export function sourceDigest(module: URL): string {
  let file = fileURLToPath(module);
  if (!import.meta.url.endsWith('.ts')) file = file.replace(/\.ts$/, '.js');
  return createHash('sha256').update(readFileSync(file)).digest('base64url');
}

/**
 * Modules and folders of this package (URLs as `sourceDigest` takes them; a folder's ends in `/`) by
 * their bytes, as one digest. A folder counts its code files, in its subfolders too, and not the
 * declarations beside them in lib/.
 */
export function sourcesDigest(modules: readonly URL[]): string {
  const digest = createHash('sha256');
  for (const module of modules) {
    if (!module.pathname.endsWith('/')) {
      digest.update(`${module.pathname}\0${sourceDigest(module)}\0`);
      continue;
    }
    const dir = fileURLToPath(module);
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
      if (!/\.[jt]s$/.test(name) || name.endsWith('.d.ts')) continue;
      const file = path.join(dir, name);
      if (statSync(file).isFile()) digest.update(`${name}\0`).update(readFileSync(file)).update('\0');
    }
  }
  return digest.digest('base64url');
}
