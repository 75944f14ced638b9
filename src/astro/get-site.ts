// What pages and components import: the data the integration computed, nothing recomputed here.
import slot from 'virtual:soulpress/site';
import type { BundleView, MemberView, NoteView, SiteData } from '../data/types.ts';

/** The site as last loaded: read on every render, since the dev server swaps it after an edit. */
export function getSite(): SiteData {
  return slot.current!;
}

export function getBundle(soul: string, preset: string | null = null): BundleView | undefined {
  return getSite().bundles.find((b) => b.soul === soul && b.preset === preset);
}

export function getMember(id: string): MemberView | undefined {
  const site = getSite();
  return site.souls.find((m) => m.id === id) ?? site.guests.find((m) => m.id === id);
}

export function getNote(uri: string): NoteView | undefined {
  return getSite().notes.find((n) => n.uri === uri);
}
