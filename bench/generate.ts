// Synthetic Soul Vault families for the benchmark: same seed and sizes, same bytes.
// CLI: node bench/generate.ts --souls 10 --notes 200 --size 1500 --shared 40 --seed 1 [--rich] --out DIR
// (or --agents 200 --size 1500 --out DIR: LingTai agents, for psyche --check)
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

export interface FamilySpec {
  /** Family souls (guests are extra, see `guests`). */
  souls: number;
  /** Notes in each soul's vault, counting identity, instructions and projects. */
  notesPerSoul: number;
  /** Target size of one note in bytes (frontmatter included); notes vary around it. */
  noteBytes: number;
  /** Notes under the shared vault's core/. */
  sharedCore: number;
  guests: number;
  seed: number;
  family?: string;
  /** Markdown-rich notes: tables, quotes, nested and task lists, code in more languages, footnotes, images. */
  rich?: boolean;
}

/** What a soul's load reads, in the spec's order: the baseline reads exactly these. */
export interface SoulManifest {
  id: string;
  display: string;
  /** Vault-relative paths of every note written for this soul. */
  notes: string[];
}

export interface GeneratedFamily {
  /** The vault root (SOUL_VAULT_DIR). */
  root: string;
  family: string;
  shared: string;
  sharedNotes: string[];
  souls: SoulManifest[];
  guests: SoulManifest[];
  /** Every note written, as root-relative paths. */
  files: string[];
  bytes: number;
}

/** mulberry32: tiny, fast, and the same sequence on every machine for a seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A plain working vocabulary; a few non-ASCII words keep the UTF-8 path honest.
const WORDS = (
  'note vault soul shared core index project review commit test build deploy schema draft ' +
  'voice tone reader writer memory archive catalog pointer bundle prompt cache prefix turn ' +
  'harness preset loader revision hash byte folder path order role mode whole inline ' +
  'careful small clear honest quick patient exact steady plain useful open quiet ' +
  'read write check list load render publish keep move split merge trace measure explain ' +
  'the a of to and in for with on by from that this it is was be are not or but as at ' +
  'team user agent family guest system page site link table list code block line word ' +
  'question answer reason evidence source claim doubt error warning fix change version ' +
  'morning evening week month plan goal habit rule default exception boundary limit ' +
  'library distance head hand detail summary title date tag topic thread example ' +
  'café naïve résumé 灵台 記憶 über'
).split(' ');

const TOPICS = ['craft', 'safety', 'writing', 'engineering', 'people', 'tools', 'habits', 'research', 'style', 'ops', 'reading', 'history'];
const FIRST = ['Ada', 'Quill', 'Mira', 'Tobin', 'Juno', 'Rowan', 'Iris', 'Pell', 'Nadia', 'Oskar', 'Wren', 'Lior', 'Zoë', 'Kenji', 'Élodie', '明月'];
const LAST = ['Ashford', 'Vance', 'Hale', 'Morrow', 'Quince', 'Lark', 'Brandt', 'Sato', 'Okafor', 'Lindqvist', ''];

class Writer {
  readonly rand: () => number;
  /** Adds rich blocks (richBlock) to every body; off, a seed writes the same bytes as before it existed. */
  rich = false;
  constructor(seed: number) {
    this.rand = mulberry32(seed);
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rand() * (hi - lo + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rand() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.rand() < p;
  }
  words(n: number): string {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(this.pick(WORDS));
    return out.join(' ');
  }
  sentence(): string {
    const s = this.words(this.int(6, 18));
    return s.charAt(0).toUpperCase() + s.slice(1) + (this.chance(0.1) ? '?' : '.');
  }
  slug(): string {
    return `${this.pick(WORDS.slice(0, 60))}-${this.pick(WORDS.slice(0, 60))}`;
  }

  /** A Markdown body of about `target` bytes: headings, paragraphs, lists, some code and links. */
  body(target: number, links: readonly string[]): string {
    const parts: string[] = [];
    let size = 0;
    const add = (s: string): void => {
      parts.push(s);
      size += Buffer.byteLength(s) + 2;
    };
    add(`# ${this.title()}`);
    while (size < target) {
      const r = this.rand();
      if (r < 0.12) add(`## ${this.title()}`);
      else if (r < 0.27) {
        const items: string[] = [];
        for (let i = this.int(2, 5); i > 0; i--) items.push(`- ${this.sentence()}`);
        add(items.join('\n'));
      } else if (r < 0.32) {
        const lines: string[] = [];
        for (let i = this.int(2, 6); i > 0; i--) lines.push(`const ${this.pick(WORDS.slice(0, 40))}${i} = ${this.int(0, 999)}; // ${this.words(3)}`);
        add(`\`\`\`${this.pick(['ts', 'sh', 'md'])}\n${lines.join('\n')}\n\`\`\``);
      } else if (r < 0.36 && links.length > 0) {
        add(`See [${this.words(2)}](${this.pick(links)}) and \`${this.pick(links)}\` before you ${this.words(3)}.`);
      } else {
        const sentences: string[] = [];
        for (let i = this.int(2, 5); i > 0; i--) sentences.push(this.sentence());
        let p = sentences.join(' ');
        if (this.chance(0.3)) p = p.replace(/ (\w+) /, ' **$1** ');
        if (this.chance(0.2)) p = p.replace(/ (\w+)\./, ' *$1*.');
        add(p);
      }
      if (this.rich && this.chance(0.45)) add(this.richBlock(parts.length));
    }
    return parts.join('\n\n') + '\n';
  }

  /** One of the constructs a Markdown-rich note has beyond the plain ones; `n` keeps footnote labels apart. */
  richBlock(n: number): string {
    const r = this.rand();
    if (r < 0.2) {
      const rows: string[] = [];
      for (let i = this.int(2, 6); i > 0; i--) rows.push(`| ${this.words(this.int(1, 4))} | ${this.int(0, 99_999)} | \`${this.pick(WORDS.slice(0, 40))}\` |`);
      return `| ${this.title()} | ${this.pick(WORDS)} | ${this.pick(WORDS)} |\n| --- | ---: | :---: |\n${rows.join('\n')}`;
    }
    if (r < 0.35) return `> ${this.sentence()} ${this.sentence()}\n>\n> - ${this.sentence()}\n> - ${this.sentence()}`;
    if (r < 0.5) return `1. ${this.sentence()}\n   - ${this.sentence()}\n   - ${this.sentence()}\n     1. ${this.words(4)}\n2. ${this.sentence()}\n\n- [x] ${this.words(4)}\n- [ ] ${this.words(5)}`;
    if (r < 0.8) {
      const name = this.pick(WORDS.slice(0, 40));
      const [lang, code] = this.pick([
        ['python', `def ${name}(items):\n    # ${this.words(4)}\n    return [i * 2 for i in items if i % ${this.int(2, 9)}]\n\nprint(${name}(range(${this.int(5, 50)})))`],
        ['json', `{\n  "${name}": [${this.int(0, 9)}, ${this.int(0, 9)}, ${this.int(0, 9)}],\n  "note": { "title": "${this.words(2)}", "whole": true, "bytes": ${this.int(100, 9999)} }\n}`],
        ['yaml', `${name}:\n  mode: ${this.pick(['whole', 'pointer'])}\n  tags:\n    - ${this.pick(WORDS)}\n    - ${this.pick(WORDS)}\n  limit: ${this.int(1, 99)}`],
        ['rust', `fn ${name}(xs: &[u32]) -> u32 {\n    // ${this.words(4)}\n    xs.iter().filter(|x| *x % ${this.int(2, 9)} == 0).sum()\n}`],
        ['go', `func ${name}(path string) error {\n\tif path == "" {\n\t\treturn fmt.Errorf("${this.words(3)}")\n\t}\n\treturn nil\n}`],
        ['bash', `for f in vaults/*/core/*.md; do\n  soul-vault read "soul://$f" | wc -c # ${this.words(3)}\ndone`],
      ] as const);
      return `\`\`\`${lang}\n${code}\n\`\`\``;
    }
    return `${this.sentence()} See the footnote[^f${n}], ~~${this.words(2)}~~ and ![${this.words(2)}](https://example.com/${this.slug()}.png) &amp; <https://example.com/${this.slug()}>.\n\n[^f${n}]: ${this.sentence()}`;
  }
  title(): string {
    const t = this.words(this.int(2, 5));
    return t.charAt(0).toUpperCase() + t.slice(1);
  }
}

/** YAML frontmatter from plain scalars (our words never need quoting beyond JSON's). */
function note(fields: Record<string, string>, body: string): string {
  const lines = Object.entries(fields).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return `---\n${lines.join('\n')}\n---\n\n${body}`;
}

function uniqueName(w: Writer, taken: Set<string>, folder: string, exists: (rel: string) => boolean = () => false): string {
  let name = `${folder}${w.slug()}.md`;
  for (let i = 2; taken.has(name) || exists(name); i++) name = `${folder}${w.slug()}-${i}.md`;
  taken.add(name);
  return name;
}

/** A folder up to two levels deep under `base`, so walks recurse like real vaults. */
function nestedFolder(w: Writer, base: string): string {
  const depth = w.int(0, 2);
  let folder = `${base}/`;
  for (let i = 0; i < depth; i++) folder += `${w.pick(TOPICS)}/`;
  return folder;
}

/**
 * Write a family under `<out>/vaults`. Everything derives from the seed: same spec, same bytes.
 * With `base`, that vault root is copied first and the synthetic souls and shared notes join its
 * family (its shared instructions and catalog are kept): the site's lessons name the sample souls.
 */
export function generateFamily(spec: FamilySpec, out: string, base?: string): GeneratedFamily {
  const w = new Writer(spec.seed);
  w.rich = spec.rich ?? false;
  const family = spec.family ?? 'cwkpippa';
  const root = path.join(out, 'vaults');
  rmSync(root, { recursive: true, force: true });
  const files: string[] = [];
  let bytes = 0;
  if (base) {
    cpSync(base, root, { recursive: true });
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
      const file = path.join(entry.parentPath, entry.name);
      files.push(path.relative(root, file).split(path.sep).join('/'));
      bytes += statSync(file).size;
    }
  }
  const made = new Set<string>();
  const put = (vault: string, rel: string, text: string): void => {
    const file = path.join(root, vault, rel);
    // A base family's own notes are kept as they are.
    if (base && existsSync(file)) return;
    const dir = path.dirname(file);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(file, text);
    files.push(`${vault}/${rel}`);
    bytes += Buffer.byteLength(text);
  };
  const size = (): number => Math.max(200, Math.round(spec.noteBytes * (0.5 + w.rand())));

  const shared = `${family}-shared`;
  const sharedNotes: string[] = [];
  const taken = new Set<string>();
  const inShared = (rel: string): boolean => base !== undefined && existsSync(path.join(root, shared, rel));
  for (let i = 0; i < spec.sharedCore; i++) sharedNotes.push(uniqueName(w, taken, nestedFolder(w, 'core'), inShared));
  const sharedLinks = sharedNotes.map((p) => `soul://${shared}/${p}`);
  put(shared, 'instructions.md', note({ title: 'Shared instructions', summary: 'The base every soul inherits.' }, `# You are {soul_display}\n\nYou are {soul_display} (vault id \`{soul}\`).\n\n${w.body(spec.noteBytes, sharedLinks)}`));
  for (const rel of sharedNotes) {
    const fields: Record<string, string> = { title: w.title(), summary: w.sentence() };
    if (w.chance(0.25)) fields['prompt_loading'] = 'inline';
    put(shared, rel, note(fields, w.body(size(), sharedLinks)));
  }
  const catalog = sharedNotes.map((p) => `- [${p}](soul://${shared}/${p}): ${w.sentence()}`).join('\n');
  put(shared, 'index/core-index.md', note({ title: 'Core index', summary: 'What the shared core holds.' }, `# Core index\n\n${catalog}\n`));
  sharedNotes.push('instructions.md', 'index/core-index.md');

  const displays = new Set<string>();
  const member = (id: string): string => {
    let display = `${w.pick(FIRST)} ${w.pick(LAST)}`.trim();
    for (let i = 2; displays.has(display); i++) display = `${w.pick(FIRST)} ${w.pick(LAST)} ${i}`.trim();
    displays.add(display);
    return display || id;
  };

  const souls: SoulManifest[] = [];
  for (let s = 1; s <= spec.souls; s++) {
    const id = `soul-${String(s).padStart(3, '0')}`;
    const display = member(id);
    const notes: string[] = [];
    const add = (rel: string, text: string): void => {
      put(id, rel, text);
      notes.push(rel);
    };
    const rest = Math.max(0, spec.notesPerSoul - 2);
    const projects = Math.min(3, rest);
    const coreCount = Math.round((rest - projects) * 0.55);
    const indexCount = rest - projects - coreCount;
    const names = new Set<string>();
    const core = Array.from({ length: coreCount }, () => uniqueName(w, names, nestedFolder(w, 'core')));
    const index = Array.from({ length: indexCount }, () => uniqueName(w, names, nestedFolder(w, 'index')));
    const links = [...sharedLinks.slice(0, 5), ...core.slice(0, 5).map((p) => `soul://${id}/${p}`)];
    add(`${display}.md`, note({ title: display, summary: `${display}, one soul of the family.` }, w.body(size(), links)));
    add('instructions.md', note({ title: `${display}'s instructions`, summary: w.sentence() }, w.body(size(), links)));
    for (const rel of core) add(rel, note({ title: w.title(), summary: w.sentence() }, w.body(size(), links)));
    for (const rel of index) {
      const fields: Record<string, string> = { title: w.title(), summary: w.sentence() };
      if (w.chance(0.3)) fields['prompt_loading'] = 'on-demand';
      add(rel, note(fields, w.body(size(), links)));
    }
    for (let p = 0; p < projects; p++) add(`projects/preset-${p + 1}.md`, note({ title: `Preset ${p + 1}`, summary: w.sentence() }, w.body(size(), links)));
    souls.push({ id, display, notes });
  }

  const guests: SoulManifest[] = [];
  const guestVault = `${family}-guests`;
  if (spec.guests > 0) put(guestVault, 'instructions.md', note({ title: 'Guest instructions', summary: 'What every guest shares.' }, `You are {soul_display}, a guest.\n\n${w.body(spec.noteBytes, [])}`));
  for (let g = 1; g <= spec.guests; g++) {
    const id = `guest-${String(g).padStart(2, '0')}`;
    const display = member(id);
    const notes: string[] = [];
    const add = (rel: string, text: string): void => {
      put(guestVault, `${id}/${rel}`, text);
      notes.push(`${id}/${rel}`);
    };
    add(`${display}.md`, note({ title: display, summary: `${display}, a guest.` }, w.body(size(), [])));
    add('instructions.md', note({ title: `${display}'s instructions`, summary: w.sentence() }, w.body(size(), [])));
    add('memory/index.md', note({ title: 'Memory index', summary: w.sentence() }, w.body(size(), [])));
    for (let m = 0; m < 4; m++) {
      const day = String(m + 1).padStart(2, '0');
      add(`memory/2026-03-${day}-${w.slug()}.md`, note({ title: w.title(), summary: w.sentence() }, w.body(size(), [])));
    }
    guests.push({ id, display, notes });
  }

  return { root, family, shared, sharedNotes, souls, guests, files, bytes };
}

export interface GeneratedAgents {
  /** The agents root (`--agents DIR`). */
  root: string;
  ids: string[];
  /** Every file written, as root-relative paths. */
  files: string[];
  bytes: number;
}

/**
 * LingTai agents under `<out>/agents`: each a copy of one of the sample agents (`agentsBase`, taken
 * in turn), varied from the seed: its own pad line, and `knowledge` extra knowledge entries and
 * `skills` extra custom skills of about `noteBytes` each, so no two agents are the same bytes.
 */
export function generateAgents(spec: { agents: number; knowledge: number; skills: number; noteBytes: number; seed: number }, out: string, agentsBase: string): GeneratedAgents {
  const w = new Writer(spec.seed);
  const root = path.join(out, 'agents');
  rmSync(root, { recursive: true, force: true });
  const bases = readdirSync(agentsBase, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  if (bases.length === 0) throw new Error(`no sample agent under ${agentsBase}`);
  const ids: string[] = [];
  for (let a = 1; a <= spec.agents; a++) {
    const id = `agent-${String(a).padStart(3, '0')}`;
    const dir = path.join(root, id);
    cpSync(path.join(agentsBase, bases[(a - 1) % bases.length]!), dir, { recursive: true });
    const pad = path.join(dir, 'system', 'pad.md');
    if (existsSync(pad)) writeFileSync(pad, `${readFileSync(pad, 'utf8')}\n- ${w.sentence()} (${id})\n`);
    const entry = (file: string): void => {
      mkdirSync(path.dirname(file), { recursive: true });
      const name = w.title();
      writeFileSync(file, `---\nname: ${JSON.stringify(name)}\ndescription: ${JSON.stringify(w.sentence())}\n---\n\n${w.body(spec.noteBytes, [])}`);
    };
    for (let k = 0; k < spec.knowledge; k++) entry(path.join(dir, 'knowledge', w.pick(TOPICS), `${w.slug()}-${k}`, 'KNOWLEDGE.md'));
    for (let k = 0; k < spec.skills; k++) entry(path.join(dir, '.library', 'custom', w.pick(TOPICS), `${w.slug()}-${k}`, 'SKILL.md'));
    ids.push(id);
  }
  const files: string[] = [];
  let bytes = 0;
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    files.push(path.relative(root, file).split(path.sep).join('/'));
    bytes += statSync(file).size;
  }
  return { root, ids, files, bytes };
}

/** A fresh temporary folder for one generated family. */
export function tempDir(label: string): string {
  return mkdtempSync(path.join(tmpdir(), `soulpress-bench-${label}-`));
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      souls: { type: 'string', default: '10' },
      notes: { type: 'string', default: '200' },
      size: { type: 'string', default: '1500' },
      shared: { type: 'string', default: '40' },
      guests: { type: 'string', default: '0' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      base: { type: 'string' },
      rich: { type: 'boolean', default: false },
      // LingTai agents instead of a family: N copies of content/agents/*, varied.
      agents: { type: 'string' },
    },
  });
  const out = values.out ? path.resolve(values.out) : tempDir('gen');
  if (values.agents !== undefined) {
    const made = generateAgents({ agents: Number(values.agents), knowledge: 20, skills: 10, noteBytes: Number(values.size), seed: Number(values.seed) }, out, path.resolve(import.meta.dirname, '../content/agents'));
    console.log(`${made.ids.length} agents, ${made.files.length} files, ${(made.bytes / 1e6).toFixed(1)} MB in ${made.root}`);
    process.exit(0);
  }
  const spec: FamilySpec = {
    souls: Number(values.souls),
    notesPerSoul: Number(values.notes),
    noteBytes: Number(values.size),
    sharedCore: Number(values.shared),
    guests: Number(values.guests),
    seed: Number(values.seed),
  };
  for (const [k, v] of Object.entries(spec)) if (!Number.isInteger(v) || v < 0) throw new Error(`--${k} must be a whole number, not ${String(v)}`);
  spec.rich = values.rich;
  const started = performance.now();
  const made = generateFamily(spec, out, values.base ? path.resolve(values.base) : undefined);
  const ms = performance.now() - started;
  console.log(`${made.files.length} notes, ${(made.bytes / 1e6).toFixed(1)} MB in ${made.root} (${ms.toFixed(0)} ms)`);
  console.log(`SOUL_VAULT_DIR=${made.root}`);
}
