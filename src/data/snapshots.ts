// The JSON the browser preview fetches: per member, only the notes its load can read; for the
// whole site, the popover index. Plain functions of the site data, so nothing is read twice.
import type { NoteIndex, Snapshot } from '../preview/snapshot.ts';
import type { MemberView, NoteView, SiteData } from './types.ts';

/** Whether a soul's or guest's load can read this note (spec sections 2 and 3). */
function readBy(member: MemberView, site: SiteData, note: NoteView): boolean {
  if (member.kind === 'guest') {
    return note.vault === site.shared.guests && (note.path === 'instructions.md' || note.path.startsWith(`${member.id}/`));
  }
  if (note.vault === member.id) return true;
  return note.vault === site.shared.vault && (note.path === 'instructions.md' || note.path.startsWith('core/') || note.path === 'index/core-index.md');
}

export function memberSnapshot(site: SiteData, member: MemberView): Snapshot {
  const files: Snapshot['files'] = {};
  const notes: Snapshot['notes'] = {};
  for (const note of site.notes) {
    if (!readBy(member, site, note)) continue;
    files[`${note.vault}/${note.path}`] = note.source;
    notes[note.uri] = { title: note.title, href: note.href };
  }
  const revisions: Snapshot['revisions'] = {};
  for (const b of site.bundles) if (b.soul === member.id) revisions[b.preset ?? ''] = b.revision;
  return { family: site.family, soul: member.id, kind: member.kind, harness: site.harness, presets: member.presets, files, notes, revisions };
}

export function noteIndex(site: SiteData): NoteIndex {
  const out: NoteIndex = {};
  for (const note of site.notes) out[note.uri] = [note.title, note.href, note.excerpt];
  return out;
}
