// What pages and components import: the data the integration computed, nothing recomputed here.
import site from 'virtual:soulpress/site';
import type { BundleView, MemberView, NoteView, SiteData } from '../data/types.ts';

export function getSite(): SiteData {
  return site;
}

export function getBundle(soul: string, preset: string | null = null): BundleView | undefined {
  return site.bundles.find((b) => b.soul === soul && b.preset === preset);
}

export function getMember(id: string): MemberView | undefined {
  return site.souls.find((m) => m.id === id) ?? site.guests.find((m) => m.id === id);
}

export function getNote(uri: string): NoteView | undefined {
  return site.notes.find((n) => n.uri === uri);
}
