// Build side of the agent preview's snapshot (src/preview/agent-snapshot.ts): made from what the
// composer actually read (a RecordingAgentStore), never from a second list of PSYCHE.md's rules.
// Redaction lives here: the owner document, init.json and system/system.md never go in as they
// are; pointer reads were never recorded; the directory's own listing is not published.
import { INIT_PATH, OWNER_MAX_BYTES, OWNER_PATH, SYSTEM_PATH, shownPinPath, utf8OrNull } from '../core/psyche/index.ts';
import { encodeUtf8 } from '../core/text.ts';
import type { Catalogs, OwnerError, PsycheReport, RecordingAgentStore } from '../core/psyche/index.ts';
import type { AgentSnapshot, RealSizes, SnapshotNode } from '../data/snapshot-types.ts';
import { agentEntryPath, agentPath } from '../data/urls.ts';

const KEPT_BACK = new Set([OWNER_PATH, INIT_PATH, SYSTEM_PATH]);

// Buffer, not btoa(String.fromCharCode(...bytes)): spreading a large file's bytes overflows the call stack.
const base64 = (bytes: Uint8Array): SnapshotNode => ({ b64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') });

function bytesNode(bytes: Uint8Array): SnapshotNode {
  const text = utf8OrNull(bytes);
  return text !== null ? text : base64(bytes);
}

/** Whether JSON would write this text in more characters than base64 writes its bytes (and it is long enough to matter). */
function escapeHeavy(text: string): boolean {
  if (text.length < 65_536) return false;
  let extra = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) extra += 5;
    else if (c === 0x22 || c === 0x5c) extra += 1;
  }
  return text.length + extra > (text.length * 4) / 3 + 1024;
}

/** A document that the composer rejects exactly as it rejected the real one, holding nothing of it. */
function rejectedStandIn(error: OwnerError, files: AgentSnapshot['files']): SnapshotNode {
  switch (error.code) {
    case 'duplicate_key':
      return '{"schema_version": 1, "comment": "", "comment": ""}';
    case 'unknown_key':
      return '{"schema_version": 1, "redacted": ""}';
    case 'schema_version_missing':
      return '{}';
    case 'schema_version_not_1':
      return '{"schema_version": 2}';
    case 'value_not_string':
      return JSON.stringify({ schema_version: 1 }).replace('}', `, ${JSON.stringify(error.key ?? 'comment')}: 0}`);
    case 'too_large':
      return { spaces: OWNER_MAX_BYTES + 1 };
    case 'invalid_utf8':
      return { b64: '/w==' };
    case 'invalid_json':
      return '{';
    case 'not_object':
      return '[]';
    case 'not_regular_file':
      return { dir: true };
    case 'unstable':
      return { fails: 'unstable' };
    case 'unreadable':
      return { fails: 'unreadable' };
    case 'pointer_unreadable':
      files['.redacted/pointer'] = { b64: '/w==' };
      return JSON.stringify({ schema_version: 1, [error.key ?? 'comment_file']: '.redacted/pointer' });
  }
}

/** The system.md problem, last of the problems when there is one (the composer puts it there). */
function systemProblem(report: PsycheReport): { systemProblem?: PsycheReport['psyche']['problems'][number] } {
  const last = report.psyche.problems.at(-1);
  return last && last.path === SYSTEM_PATH && last.domain === 'lingtai' ? { systemProblem: last } : {};
}

export function agentSnapshot(report: PsycheReport, record: RecordingAgentStore, catalogs: Catalogs, tokens: AgentSnapshot['tokens'], bytesPerToken: number, real: RealSizes = {}): AgentSnapshot {
  const files: AgentSnapshot['files'] = {};
  for (const [folder, entries] of record.lists) {
    // The directory's own listing is the owner's business; only what the composer read from it goes in.
    if (folder === '' || entries === null) continue;
    if (entries.length === 0) files[folder] = { dir: true };
    for (const e of entries) {
      const child = `${folder}/${e.name}`;
      files[child] = e.kind === 'dir' ? { dir: true } : e.kind === 'missing' ? { link: '\u0000' } : e.kind === 'other' ? { fails: 'other' } : '';
    }
  }
  const root = record.lists.get('') ?? [];
  for (const [path, read] of record.reads) {
    if (KEPT_BACK.has(path)) continue;
    if (read.ok) files[path] = bytesNode(read.bytes);
    else if (read.reason === 'unreadable' || read.reason === 'unstable') files[path] = { fails: read.reason };
    else if (read.reason === 'too_large') files[path] = { fails: 'too_large', size: read.size ?? 0 };
    else if (read.reason === 'not_file') files[path] ??= { dir: true };
  }
  // A `.rules` that is a folder or a link to nothing was seen in the root listing, not read.
  const signal = root.find((e) => e.name === '.rules');
  if (signal && signal.kind !== 'file') files['.rules'] = signal.kind === 'dir' ? { dir: true } : { link: '\u0000' };

  if (report.ownerError) files[OWNER_PATH] = rejectedStandIn(report.ownerError, files);
  else if (record.reads.get(OWNER_PATH)?.ok) {
    // Only the values that became prompt text, inline: no pointer, no value the prompt does not hold.
    const doc: Record<string, string | number> = { schema_version: 1 };
    // A value read through a pointer keeps a pointer, to a stand-in file, so the source still reads "file".
    for (const s of report.sections) {
      if (s.source.kind !== 'owner' || s.source.from === 'mirror') continue;
      if (s.source.from === 'inline') doc[s.rule.name] = s.text;
      else {
        doc[`${s.rule.name}_file`] = `.redacted/${s.rule.name}`;
        files[`.redacted/${s.rule.name}`] = s.text;
      }
    }
    files[OWNER_PATH] = JSON.stringify(doc);
  }
  if (report.pad.source === 'init.pad' || report.pad.source === 'init.pad_file') files[INIT_PATH] = JSON.stringify({ pad: report.pad.body });
  for (const pin of report.pad.pins) {
    // A failed pin outside the directory stays out: its key would be a host path.
    if (shownPinPath(pin) === null) continue;
    const key = pin.inside ?? pin.path;
    if (pin.status === 'appended') files[key] = pin.text ?? '';
    else if (pin.status === 'unreadable') files[key] = { fails: 'unreadable' };
    else if (pin.status === 'invalid_utf8') files[key] = { b64: '/w==' };
    else if (pin.status === 'too_large') files[key] = { fails: 'too_large', size: pin.size ?? 0 };
  }
  // A text JSON would escape many characters of (NULs, control characters: 6 characters each) goes as
  // base64 (4 for 3): 30 MB of NULs is otherwise 180 million characters, past what one string can hold.
  for (const [key, node] of Object.entries(files)) if (typeof node === 'string' && escapeHeavy(node)) files[key] = base64(encodeUtf8(node));
  // Entries without their text: the page's view needs names, places and descriptions only.
  const bare = (list: Catalogs['knowledge']) => list.map((e) => ({ ...e, text: '' }));
  // The pages as the routes name them, so the preview's view links where the build's did.
  const agent = report.psyche.agent;
  const entries = Object.fromEntries([...catalogs.knowledge, ...catalogs.skills].map((e) => [`${e.domain}/${e.folder}`, agentEntryPath(agent, e.domain, e.folder)]));
  return { agent, files, published: report.published ? report.publishedDigests : null, catalogs: { knowledge: bare(catalogs.knowledge), skills: bare(catalogs.skills), problems: catalogs.problems }, tokens, bytesPerToken, ...(Object.keys(real).length ? { real } : {}), ...(report.ownerError ? { owner: { code: report.ownerError.code, message: report.ownerError.message } } : {}), ...systemProblem(report), hrefs: { page: agentPath(agent), entries } };
}
