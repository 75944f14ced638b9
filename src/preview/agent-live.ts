// The live preview of an agent page: fetch the agent's redacted snapshot into a MemoryAgentStore,
// turn each edit into a write or delete there, re-run composePsyche and redraw with the renderers the
// build used. Loaded only on agent pages; without JavaScript none of this shows.
import { composePsyche } from '../core/index.ts';
import { BASE } from '../components/href.ts';
import { bytes, plural, size } from '../components/format.ts';
import { agentView } from '../data/agent-view.ts';
import { agentEntryPath } from '../data/urls.ts';
import type { AgentView } from '../data/types.ts';
import { snapshotStore } from './agent-snapshot.ts';
import type { AgentSnapshot } from './agent-snapshot.ts';
import { agentBar, agentSectionRows, pinsList, problemsList, rulesCard, sectionTexts, showCard } from './render-agent.ts';
import { esc } from './render-html.ts';

const root = document.querySelector<HTMLElement>('[data-agent-live]');
if (root) {
  const status = root.querySelector<HTMLElement>('[data-live-status]')!;
  start(root, status).catch((error: unknown) => {
    status.textContent = `The live preview could not start: ${error instanceof Error ? error.message : String(error)}. The published composition is complete.`;
  });
}

async function start(root: HTMLElement, status: HTMLElement): Promise<void> {
  const page = root.closest<HTMLElement>('[data-agent-page]')!;
  const one = (selector: string): HTMLElement => page.querySelector<HTMLElement>(selector)!;
  const form = root.querySelector<HTMLFormElement>('[data-agent-form]')!;
  const select = form.elements.namedItem('file') as HTMLSelectElement;
  const editor = form.elements.namedItem('text') as HTMLTextAreaElement;
  root.hidden = false;
  status.textContent = 'Loading the agent snapshot…';
  const response = await fetch(root.dataset.snapshot!);
  if (!response.ok) throw new Error(`the snapshot answered ${response.status}`);
  const snap = (await response.json()) as AgentSnapshot;
  let store = snapshotStore(snap);
  const agent = snap.agent;
  const compose = async (): Promise<AgentView> => agentView(await composePsyche({ store, agent, published: snap.published }), (domain, folder) => agentEntryPath(agent, domain, folder));
  const decoder = new TextDecoder();
  const textOf = async (path: string): Promise<string> => {
    const read = await store.read(path);
    return read.ok ? decoder.decode(read.bytes) : '';
  };

  const draw = (v: AgentView): void => {
    const table = one('[data-sections]');
    for (const body of table.querySelectorAll('tbody')) body.remove();
    table.insertAdjacentHTML('beforeend', agentSectionRows(v));
    one('[data-prompt-bar]').innerHTML = agentBar(v, BASE);
    one('[data-show]').innerHTML = showCard(v);
    one('[data-rules]').innerHTML = rulesCard(v);
    one('[data-pins]').innerHTML = pinsList(v, BASE);
    one('[data-problems]').innerHTML = problemsList(v);
    one('[data-section-texts]').innerHTML = sectionTexts(v);
    one('[data-prompt-text]').textContent = v.promptText;
    one('[data-agent-banner]').innerHTML = v.rejected
      ? `<section class="banner banner-error" role="alert"><h2>The next rebuild will fail</h2><p><code>settings/psyche.json</code> is rejected with <code>${esc(v.rejected.code)}</code>: ${esc(v.rejected.message)}.</p><p>No section is composed; the catalogs, problems and <code>.rules</code> are still facts of the disk.</p></section>`
      : '';
    const facts: Record<string, string> = {
      sections: String(v.sections.length),
      placeholders: String(v.placeholders),
      known: size(v.knownBytes),
      batch1: bytes(v.batchBytes[0]),
      batch2: bytes(v.batchBytes[1]),
      owner: v.rejected ? `rejected (${v.rejected.code})` : 'accepted',
      pending: v.published ? (v.pendingCount === 0 ? 'none: system.md is current' : plural(v.pendingCount, 'section')) : 'no system/system.md to compare with',
    };
    for (const el of page.querySelectorAll<HTMLElement>('[data-fact]')) {
      const value = facts[el.dataset.fact!];
      if (value !== undefined) el.textContent = value;
    }
    page.dataset.rejected = v.rejected?.code ?? '';
    status.textContent = v.rejected ? `Re-composed: the owner document is rejected (${v.rejected.code}), so no section is composed.` : `Re-composed: ${v.sections.length} sections, ${bytes(v.knownBytes)} from the directory, .rules ${v.psyche.rules.pending?.state ?? 'none'}.`;
  };
  const update = async (): Promise<void> => draw(await compose());
  const showFile = async (): Promise<void> => {
    editor.value = await textOf(select.value);
  };

  form.addEventListener('change', (event) => {
    if (event.target === select) void showFile();
  });
  form.addEventListener('click', (event) => {
    const action = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-action]')?.dataset.action;
    if (!action) return;
    if (action === 'apply') store.write(select.value, editor.value);
    else if (action === 'delete') store.delete(select.value);
    else store = snapshotStore(snap);
    void update().then(showFile);
  });
  await showFile();
  (form.querySelector('[data-live-fields]') as HTMLFieldSetElement).disabled = false;
  await update();
}
