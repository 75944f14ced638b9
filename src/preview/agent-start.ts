// The live preview of an agent page, main-thread side: the controls and the redraw, nothing else.
// The composer and the renderers run in src/preview/agent-worker.ts; each edit goes there and the
// page's parts come back as the HTML the build would have written. Loaded by agent-live.ts when the reader
// opens the panel; without JavaScript none of this shows.
import type { WorkerReply, WorkerRequest } from './agent-worker.ts';

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

const root = document.querySelector<HTMLElement>('[data-agent-live]');
if (root) {
  const status = root.querySelector<HTMLElement>('[data-live-status]')!;
  start(root, status).catch((error: unknown) => {
    status.textContent = `The live preview could not start: ${error instanceof Error ? error.message : String(error)}. The published composition is complete.`;
  });
}

async function start(root: HTMLElement, status: HTMLElement): Promise<void> {
  const page = root.closest<HTMLElement>('[data-agent-page]')!;
  const form = root.querySelector<HTMLFormElement>('[data-agent-form]')!;
  const select = form.elements.namedItem('file') as HTMLSelectElement;
  const editor = form.elements.namedItem('text') as HTMLTextAreaElement;
  status.textContent = 'Loading the agent snapshot…';

  const worker = new Worker(new URL('./agent-worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, (reply: WorkerReply) => void>();
  let next = 0;
  let shown = 0;
  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  };
  const ask = (request: Request): Promise<WorkerReply> =>
    new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      worker.postMessage({ ...request, id });
    });

  const draw = (reply: WorkerReply): void => {
    if ('error' in reply) throw new Error(reply.error);
    // A slower earlier composition must not draw over a later one.
    if (!('parts' in reply) || reply.id < shown) return;
    shown = reply.id;
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
    for (const el of page.querySelectorAll<HTMLElement>('[data-fact]')) {
      const value = p.facts[el.dataset.fact!];
      if (value !== undefined) el.textContent = value;
    }
    page.dataset.rejected = p.rejected;
    status.textContent = p.status;
  };
  const showFile = async (): Promise<void> => {
    const reply = await ask({ op: 'read', path: select.value });
    editor.value = 'text' in reply ? reply.text : '';
  };

  form.addEventListener('change', (event) => {
    if (event.target === select) void showFile();
  });
  form.addEventListener('click', (event) => {
    const action = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-action]')?.dataset.action;
    if (!action) return;
    const request: Request = action === 'apply' ? { op: 'write', path: select.value, text: editor.value } : action === 'delete' ? { op: 'delete', path: select.value } : { op: 'reset' };
    // Any edit makes the page a preview until reset: the banner says so.
    document.documentElement.toggleAttribute('data-preview', action !== 'reset');
    void ask(request).then(draw).then(showFile);
  });
  draw(await ask({ op: 'start', url: new URL(root.dataset.snapshot!, location.href).href, base: document.documentElement.dataset.base! }));
  await showFile();
  (form.querySelector('[data-live-fields]') as HTMLFieldSetElement).disabled = false;
}
