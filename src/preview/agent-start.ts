// The live preview of an agent page, main-thread side: the controls and the redraw, nothing else.
// The composer and the renderers run in the worker (src/preview/agent-worker.ts), which is this same
// module started again (preview-page.ts says why); each edit goes there and the
// page's parts come back as the HTML the build would have written. Loaded by open-panel.ts (the page's
// `data-start`) when the reader opens the panel; without JavaScript none of this shows.
import { agentWorker } from './agent-worker.ts';
import type { WorkerReply, WorkerRequest } from './agent-worker.ts';
import { fill, readsInto, startPreview } from './preview-page.ts';
import { linkWorker } from './worker-link.ts';
import type { Unnumbered } from './worker-link.ts';

startPreview('[data-agent-live]', 'The published composition is complete.', async (root, status) => {
  const page = root.closest<HTMLElement>('[data-agent-page]')!;
  const form = root.querySelector<HTMLFormElement>('[data-agent-form]')!;
  const select = form.elements.namedItem('file') as HTMLSelectElement;
  const editor = form.elements.namedItem('text') as HTMLTextAreaElement;
  status.textContent = 'Loading the agent snapshot…';

  const worker = linkWorker<WorkerRequest, WorkerReply>(new Worker(import.meta.url, { type: 'module' }));

  const draw = (reply: WorkerReply): void => {
    if ('error' in reply) throw new Error(reply.error);
    // A slower earlier composition must not draw over a later one.
    if (!('parts' in reply) || !worker.latest(reply)) return;
    const p = reply.parts;
    const table = page.querySelector('[data-sections]')!;
    for (const body of table.querySelectorAll('tbody')) body.remove();
    table.insertAdjacentHTML('beforeend', p.rows);
    for (const [hook, html] of Object.entries(p.html)) {
      const el = page.querySelector<HTMLElement>(`[${hook}]`)!;
      el.innerHTML = html;
      el.hidden = html === '';
    }
    page.querySelector('[data-prompt-text]')!.textContent = p.prompt;
    fill(page, 'data-fact', p.facts);
    page.dataset.rejected = p.rejected;
    status.textContent = p.status;
  };
  const reading = readsInto(editor);
  const showFile = async (): Promise<void> => {
    const reply = await reading(worker.ask({ op: 'read', path: select.value }));
    editor.value = 'text' in reply ? reply.text : '';
  };

  form.addEventListener('change', (event) => {
    if (event.target === select) void showFile();
  });
  form.addEventListener('click', (event) => {
    const action = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-action]')?.dataset.action;
    if (!action) return;
    const request: Unnumbered<WorkerRequest> = action === 'apply' ? { op: 'write', path: select.value, text: editor.value } : action === 'delete' ? { op: 'delete', path: select.value } : { op: 'reset' };
    // Any edit makes the page a preview until reset: the banner says so.
    document.documentElement.toggleAttribute('data-preview', action !== 'reset');
    void worker.ask(request).then(draw).then(showFile);
  });
  draw(await worker.ask({ op: 'start', url: new URL(root.dataset.snapshot!, location.href).href, base: document.documentElement.dataset.base! }));
  await showFile();
  (form.querySelector('[data-live-fields]') as HTMLFieldSetElement).disabled = false;
}, agentWorker);
