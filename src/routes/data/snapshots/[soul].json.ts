// /data/snapshots/<soul>.json: the notes one soul's or guest's load can read, fetched by its page's
// live preview when it starts (never inlined into the page).
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSite } from '../../../astro/get-site.ts';
import { memberSnapshot, snapshotCacheKey } from '../../../build/snapshots.ts';
import type { MemberView } from '../../../data/types.ts';

export const getStaticPaths: GetStaticPaths = () => {
  const site = getSite();
  // As for pages, only a build reuses what the last one wrote.
  return [...site.souls, ...site.guests].map((member) => ({ params: { soul: member.id }, props: { member }, cacheKey: import.meta.env.DEV ? undefined : snapshotCacheKey(site, member) }));
};

export const GET: APIRoute = ({ props }) => {
  const snapshot = memberSnapshot(getSite(), (props as { member: MemberView }).member);
  return new Response(JSON.stringify(snapshot), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
