// /agents/<id>/og.png: an agent page's share image (src/build/og-image.ts draws it).
import { getSite } from '../../../astro/get-site.ts';
import { imagePaths } from '../../../build/og-image.ts';
import { agentParam } from '../../../data/urls.ts';
import { agentCard } from '../../../render/share-card.ts';

export { GET } from '../../../build/og-image.ts';

export function getStaticPaths() {
  const site = getSite();
  return imagePaths(site.title, site.agents.map((agent) => ({ params: { agent: agentParam(agent.id) }, card: agentCard(agent, site.title) })));
}
