// /data/notes.json: every note's title, page and first lines, fetched once by the link popovers.
import type { APIRoute } from 'astro';
import { getSite } from '../../astro/get-site.ts';
import { noteIndex } from '../../build/snapshots.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(noteIndex(getSite())), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
