import { getSite } from '../../astro/get-site.ts';
import type { AgentView } from '../../data/types.ts';
import { EmbedError } from './embed-error.ts';

/** The agent a lesson embed names, or a build error that says which agents there are. */
export function embeddedAgent(tag: string, id: string, where: string): AgentView {
  const site = getSite();
  const agent = site.agents.find((a) => a.id === id);
  if (!agent) throw new EmbedError(`<${tag} agent="${id}" /> in ${where}: no agent "${id}" under the agents root (known: ${site.agents.map((a) => a.id).join(', ') || 'none'})`);
  return agent;
}
