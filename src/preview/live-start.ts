// The live preview of a soul or guest page, main-thread side: the controls, the address and the
// redraw, nothing else. The loader and the renderers run in the worker (src/preview/live-worker.ts),
// which is this same module started again (preview-page.ts says why); each change goes there and the
// page's parts come back as the HTML the build would have written. Loaded by open-panel.ts (the page's
// `data-start`) when the reader opens the panel; without JavaScript none of this shows.
import type { Mode } from '../core/index.ts';
import { liveWorker, other } from './live-worker.ts';
import type { LiveParts, LiveReply, LiveRequest, NoteShown, Wanted } from './live-worker.ts';
import { fill, readsInto, startPreview } from './preview-page.ts';
import { readState, writeState } from './url-state.ts';
import { linkWorker } from './worker-link.ts';

startPreview('[data-live]', 'The published bundle above is complete.', async (root, status) => {
  const page = root.closest<HTMLElement>('[data-bundle]')!;
  const all = <T extends Element = HTMLElement>(selector: string) => [...page.querySelectorAll<T>(selector)];
  const one = <T extends Element = HTMLElement>(selector: string) => page.querySelector<T>(selector)!;
  const form = one<HTMLFormElement>('[data-live-form]');
  const fields = form.elements;
  const harness = fields.namedItem('harness') as HTMLInputElement;
  const preset = fields.namedItem('preset') as HTMLSelectElement | null;
  const noteSelect = fields.namedItem('note') as HTMLSelectElement;
  const editor = fields.namedItem('text') as HTMLTextAreaElement;
  const flips = all<HTMLInputElement>('input[name="flip"]');
  const errorBox = one('[data-live-error]');
  const cacheBox = one('[data-cache-view]');
  const table = one('[data-load-order]');
  const diffBox = one('[data-live-diff]');
  const heading = one('[data-title]');
  // The title is the heading and the site's name after it (layouts/Base.astro).
  const siteName = document.title.slice(heading.textContent!.length);
  const published: Wanted = { harness: page.dataset.harness!, preset: page.dataset.preset || null };
  let dirty = false; // the editor holds typing not applied yet

  status.textContent = 'Loading the vault snapshot…';
  const worker = linkWorker<LiveRequest, LiveReply>(new Worker(import.meta.url, { type: 'module' }));
  const ask = async (request: Parameters<typeof worker.ask>[0]): Promise<LiveReply> => {
    const reply = await worker.ask(request);
    if ('error' in reply) throw new Error(reply.error);
    return reply;
  };
  const want = (): Wanted => ({ harness: harness.value, preset: preset ? preset.value || null : null });

  const showNote = (note: NoteShown): void => {
    if (note.key !== noteSelect.value) return;
    editor.value = note.text ?? '';
    editor.placeholder = note.text === null ? 'Deleted from the store. Restore note brings it back.' : '';
    dirty = false;
    // What the preview changed in this note (an edit, a delete or a flip's frontmatter line), line by line.
    diffBox.hidden = note.diff === null;
    if (note.diff !== null) one('[data-diff]').innerHTML = note.diff;
  };
  const reading = readsInto(editor);
  const readNote = async (): Promise<void> => {
    const reply = await reading(ask({ op: 'read', key: noteSelect.value }));
    if ('note' in reply) showNote(reply.note);
  };

  const render = (p: LiveParts): void => {
    const v = p.view;
    page.classList.toggle('live-failed', !v);
    errorBox.hidden = !!v;
    cacheBox.hidden = !v;
    fill(page, 'data-fact', p.facts);
    for (const el of all('[data-bundle-revision]')) el.dataset.bundleRevision = v?.revision ?? '';
    if (!v) {
      const e = p.error!;
      page.dataset.liveFailed = e.code;
      fill(errorBox, 'data-slot', { code: e.code, note: e.note ?? 'none', role: e.role ?? 'none', message: e.message });
      status.textContent = `No bundle: error ${e.code}. ${e.message}`;
      return;
    }
    for (const el of all('[data-fact-title]')) el.title = v.promptBytes;
    for (const el of all('[data-fact-html]')) el.innerHTML = v.factHtml[el.dataset.factHtml!]!;
    delete page.dataset.liveFailed;
    page.dataset.revision = v.revision;
    page.dataset.harness = v.harness;
    page.dataset.preset = v.preset ?? '';
    for (const body of table.querySelectorAll('tbody')) body.remove();
    table.insertAdjacentHTML('beforeend', v.rows);
    table.dataset.revision = v.revision;
    for (const [hook, html] of Object.entries(v.html)) one(`[${hook}]`).innerHTML = html;
    one('[data-prompt-text]').textContent = v.prompt;
    for (const el of all('[data-published-only]')) el.hidden = !v.published;
    for (const box of flips) {
      const mode = v.modes[box.value];
      box.disabled = !mode;
      if (mode) box.checked = mode === box.dataset.checkedMode;
    }
    const c = v.cache;
    fill(cacheBox, 'data-slot', c.slots);
    cacheBox.querySelector<HTMLElement>('[data-slot="meter"]')!.style.width = c.width;
    cacheBox.querySelector<HTMLAnchorElement>('a[data-slot]')!.href = c.anchor;
    cacheBox.querySelector<HTMLElement>('[data-when="same"]')!.hidden = !c.same;
    cacheBox.querySelector<HTMLElement>('[data-when="differs"]')!.hidden = c.same;
    Object.assign(cacheBox.dataset, c.data);
    status.textContent = v.status;
  };

  /** Send a change (or none) to the worker and draw the run that follows it, unless a later one was drawn. */
  const update = async (request: { op: 'run' | 'reset' } | { op: 'flip'; uri: string; mode: Mode } | { op: 'apply'; key: string; text: string } | { op: 'delete' | 'restore'; key: string } = { op: 'run' }): Promise<void> => {
    const w = want();
    const reply = await ask({ ...request, want: w, note: noteSelect.value });
    if (!('parts' in reply) || !worker.latest(reply)) return;
    const p = reply.parts;
    render(p);
    const s = { ...w, flips: p.flips };
    // Never mistaken for the published page: the banner, the heading, the title and the preset chips say what is shown.
    const name = p.name;
    document.documentElement.toggleAttribute('data-preview', p.edited || writeState('', s, published) !== '');
    heading.textContent = name;
    document.title = name + siteName;
    for (const chip of all('[data-chip]')) chip.ariaCurrent = chip.dataset.chip === (s.preset ?? '') ? 'page' : null;
    history.replaceState(history.state, '', location.pathname + writeState(location.search, s, published) + location.hash);
    if (!dirty) showNote(p.note);
  };

  // The state a link carries: harness, preset and flips against the published modes.
  const initial = readState(location.search, published);
  harness.value = initial.harness;
  if (preset) {
    const value = initial.preset ?? '';
    // A preset the page does not offer still goes to the loader, which names the problem.
    if (![...preset.options].some((o) => o.value === value)) preset.add(new Option(value, value));
    preset.value = value;
  }
  await ask({
    op: 'start',
    url: new URL(root.dataset.snapshot!, location.href).href,
    base: document.documentElement.dataset.base!,
    page: root.dataset.page!,
    display: page.dataset.display!,
    revision: page.dataset.revision!,
    want: published,
    flips: initial.flips.filter((uri) => flips.some((box) => box.value === uri)),
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void update();
  });
  form.addEventListener('input', (event) => {
    if (event.target === editor) dirty = true;
  });
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (event.target === noteSelect) return void readNote();
    if (event.target === editor) return;
    if (target.name === 'flip') {
      const mode = (target.checked ? target.dataset.checkedMode : other(target.dataset.checkedMode as Mode)) as Mode;
      return void update({ op: 'flip', uri: target.value, mode });
    }
    void update();
  });
  form.addEventListener('click', (event) => {
    const action = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-action]')?.dataset.action;
    if (!action) return;
    if (action === 'share') {
      // The address already holds the state; the link is shown too, for when the clipboard is refused.
      void navigator.clipboard?.writeText(location.href).catch(() => {});
      status.textContent = `Link to this preview: ${location.href}`;
      return;
    }
    dirty = false;
    if (action === 'reset') {
      harness.value = published.harness;
      if (preset) preset.value = published.preset ?? '';
      void update({ op: 'reset' });
    } else if (action === 'apply') void update({ op: 'apply', key: noteSelect.value, text: editor.value });
    else void update({ op: action as 'delete' | 'restore', key: noteSelect.value });
  });

  await readNote();
  one<HTMLFieldSetElement>('[data-live-fields]').disabled = false;
  await update();
}, liveWorker);
