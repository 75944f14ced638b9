// /data/agents/<id>.json: one agent's redacted snapshot, fetched by its page's live preview.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSite } from '../../../astro/get-site.ts';
import { agentParam } from '../../../data/urls.ts';

export const getStaticPaths: GetStaticPaths = () => Object.keys(getSite().agentSnapshots).map((agent) => ({ params: { agent: agentParam(agent) }, props: { agent } }));

export const GET: APIRoute = ({ props }) => {
  const snapshot = getSite().agentSnapshots[(props as { agent: string }).agent];
  return new Response(JSON.stringify(snapshot), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
