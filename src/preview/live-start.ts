// The live preview of a soul or guest page: fetch the member's vault snapshot into a MemoryStore,
// turn each change of the controls into an edit of that store (a flip rewrites `prompt_loading:`,
// an edit or delete replaces or removes the file), re-run reassemble() and redraw with the same
// renderer the build used. Loaded by live.ts when the reader opens the panel; without JavaScript none of this shows.
import { MemoryStore, keyUri, loadingFor, uriKey } from '../core/index.ts';
import type { Mode, VaultErrorJSON } from '../core/index.ts';
import { bytes, count, percent, plural, shortRevision, size, tokenCount } from '../render/format.ts';
import { BASE } from '../components/href.ts';
import type { BundleView } from '../data/types.ts';
import { cacheFacts } from './cache-view.ts';
import { setPromptLoading } from './prompt-loading.ts';
import { reassemble } from './reassemble.ts';
import { bundleName, laneStack, loadOrderGroups, presetFacts, promptBar, warningsList } from '../render/render-html.ts';
import { diffHtml } from './line-diff.ts';
import type { Snapshot } from '../data/snapshot-types.ts';
import { snapshotTokens } from './token-estimate.ts';
import { readState, writeState } from './url-state.ts';
import type { PreviewState } from './url-state.ts';

const other = (mode: Mode): Mode => (mode === 'whole' ? 'pointer' : 'whole');

/** Text into the `data-slot` elements of a block whose markup the page already holds. */
function fill(box: HTMLElement, values: Record<string, string>): void {
  for (const el of box.querySelectorAll<HTMLElement>('[data-slot]')) {
    const value = values[el.dataset.slot!];
    if (value !== undefined) el.textContent = value;
  }
}

const root = document.querySelector<HTMLElement>('[data-live]');
if (root) {
  const status = root.querySelector<HTMLElement>('[data-live-status]')!;
  start(root, status).catch((error: unknown) => {
    status.textContent = `The live preview could not start: ${error instanceof Error ? error.message : String(error)}. The published bundle above is complete.`;
  });
}

async function start(root: HTMLElement, status: HTMLElement): Promise<void> {
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

  status.textContent = 'Loading the vault snapshot…';
  const response = await fetch(root.dataset.snapshot!);
  if (!response.ok) throw new Error(`the snapshot answered ${response.status}`);
  const snap = (await response.json()) as Snapshot;
  const store = new MemoryStore(Object.entries(snap.files), 'preview');
  const links = new Map(Object.entries(snap.notes));
  const tokens = snapshotTokens(snap.tokens);
  const published = { harness: page.dataset.harness!, preset: page.dataset.preset || null };
  const run = (s: Omit<PreviewState, 'flips'>, against: BundleView | null) =>
    reassemble(store, { soul: snap.soul, family: snap.family, harness: s.harness, preset: s.preset, notes: links, href: root.dataset.page!, published: against, tokens });

  // The published bundle, re-assembled from the untouched snapshot: what the cache view compares with.
  const first = await run(published, null);
  if (!first.view) throw new Error(first.error.message);
  const base = first.view;
  if (base.revision !== page.dataset.revision) throw new Error('the snapshot does not give the published revision');
  const publishedMode = new Map(base.documents.map((d) => [d.uri, d.mode]));
  const roleOf = new Map(base.documents.map((d) => [d.uri, d.role]));

  const edits = new Map<string, string | null>(); // store key → edited text, or null when deleted
  const modes = new Map<string, Mode>(); // URI → the mode asked for with a checkbox or a shared link
  let dirty = false; // the editor holds typing not applied yet
  let sequence = 0;

  const textOf = (key: string): string | null => {
    const text = edits.has(key) ? edits.get(key)! : (snap.files[key] ?? null);
    const uri = keyUri(key);
    const mode = modes.get(uri);
    const role = roleOf.get(uri);
    const value = mode && role ? loadingFor(role, mode) : null;
    return text !== null && value ? setPromptLoading(text, value) : text;
  };
  const sync = (key: string): void => {
    const uri = keyUri(key);
    const text = textOf(key);
    if (text === null) {
      store.delete(key);
      links.delete(uri);
    } else {
      store.write(key, text);
      if (snap.notes[uri]) links.set(uri, snap.notes[uri]);
    }
  };
  const showNote = (): void => {
    const key = noteSelect.value;
    const text = textOf(key);
    editor.value = text ?? '';
    editor.placeholder = text === null ? 'Deleted from the store. Restore note brings it back.' : '';
    dirty = false;
    // What the preview changed in this note (an edit, a delete or a flip's frontmatter line), line by line.
    diffBox.hidden = text === snap.files[key];
    if (!diffBox.hidden) one('[data-diff]').innerHTML = diffHtml(snap.files[key]!, text ?? '');
  };
  const state = (): PreviewState => ({
    harness: harness.value,
    preset: preset ? preset.value || null : null,
    flips: [...modes].filter(([uri, mode]) => mode !== publishedMode.get(uri)).map(([uri]) => uri).sort(),
  });

  const setFacts = (v: BundleView | null, error: VaultErrorJSON | null): void => {
    const facts: Record<string, string> = v
      ? {
          harness: v.harness,
          documents: count(v.documents.length),
          whole: String(v.wholeCount),
          pointer: String(v.pointerCount),
          'prompt-size': size(v.promptBytes),
          'prompt-bytes': bytes(v.promptBytes),
          'prompt-tokens': tokenCount(v.promptTokens),
          texts: String(v.documents.filter((d) => d.promptBytes > 0).length),
          revision: v.revision,
          'short-revision': shortRevision(v.revision),
        }
      : { revision: `none: the load failed (${error!.code})`, 'short-revision': 'none' };
    for (const el of all('[data-fact]')) {
      const value = facts[el.dataset.fact!];
      if (value !== undefined) el.textContent = value;
    }
    for (const el of all('[data-fact-title]')) if (v) el.title = bytes(v.promptBytes);
    for (const el of all('[data-bundle-revision]')) el.dataset.bundleRevision = v?.revision ?? '';
    if (!v) return;
    const html = presetFacts(v.preset);
    for (const el of all('[data-fact-html]')) el.innerHTML = html[el.dataset.factHtml as keyof typeof html];
  };

  const render = (result: Awaited<ReturnType<typeof run>>): void => {
    const v = result.view;
    page.classList.toggle('live-failed', !v);
    errorBox.hidden = !!v;
    cacheBox.hidden = !v;
    setFacts(v, result.error);
    if (!v) {
      const e = result.error!;
      page.dataset.liveFailed = e.code;
      fill(errorBox, { code: e.code, note: e.note ?? 'none', role: e.role ?? 'none', message: e.message });
      status.textContent = `No bundle: error ${e.code}. ${e.message}`;
      return;
    }
    delete page.dataset.liveFailed;
    page.dataset.revision = v.revision;
    page.dataset.harness = v.harness;
    page.dataset.preset = v.preset ?? '';
    for (const body of table.querySelectorAll('tbody')) body.remove();
    table.insertAdjacentHTML('beforeend', loadOrderGroups(v, BASE, base));
    table.dataset.revision = v.revision;
    one('[data-prompt-bar]').innerHTML = promptBar(v, BASE);
    one('[data-lane-stack]').innerHTML = laneStack(v);
    one('[data-warnings]').innerHTML = warningsList(v, BASE);
    one('[data-prompt-text]').textContent = v.promptText;
    for (const el of all('[data-published-only]')) el.hidden = v.revision !== base.revision;
    const docs = new Map(v.documents.map((d) => [d.uri, d]));
    for (const box of flips) {
      const doc = docs.get(box.value);
      box.disabled = !doc;
      if (doc) box.checked = doc.mode === box.dataset.checkedMode;
    }
    const c = cacheFacts(result.cache!, v);
    const d = c.document;
    fill(cacheBox, { share: percent(c.share), shared: bytes(c.sharedBytes), total: bytes(v.promptBytes), byte: count((c.firstByte ?? 0) + 1), position: String(d?.position), role: d?.role ?? '', note: d ? (d.title ?? d.uri) : '' });
    cacheBox.querySelector<HTMLElement>('[data-slot="meter"]')!.style.width = `${(c.share * 100).toFixed(1)}%`;
    cacheBox.querySelector<HTMLAnchorElement>('a[data-slot]')!.href = `#${d?.anchor ?? ''}`;
    cacheBox.querySelector<HTMLElement>('[data-when="same"]')!.hidden = c.firstByte !== null;
    cacheBox.querySelector<HTMLElement>('[data-when="differs"]')!.hidden = c.firstByte === null;
    Object.assign(cacheBox.dataset, { sharedBytes: c.sharedBytes, firstUri: d?.uri ?? '', firstRole: d?.role ?? '' });
    const changed = table.querySelectorAll('tr.changed').length;
    status.textContent = `Re-assembled: revision ${shortRevision(v.revision)}, ${v.documents.length} documents, ${bytes(v.promptBytes)}${v.revision === base.revision ? ', the published bundle' : ''}${changed ? `; ${plural(changed, 'row')} changed, marked in the load order` : ''}.`;
  };

  const update = async (): Promise<void> => {
    const mine = ++sequence;
    const s = state();
    const result = await run(s, base);
    // A slower earlier run must not draw over a later one.
    if (mine !== sequence) return;
    render(result);
    // Never mistaken for the published page: the banner, the heading, the title and the preset chips say what is shown.
    const name = bundleName(page.dataset.display!, s.preset);
    document.documentElement.toggleAttribute('data-preview', edits.size > 0 || writeState('', s, published) !== '');
    heading.textContent = name;
    document.title = name + siteName;
    for (const chip of all('[data-chip]')) chip.ariaCurrent = chip.dataset.chip === (s.preset ?? '') ? 'page' : null;
    history.replaceState(history.state, '', location.pathname + writeState(location.search, s, published) + location.hash);
    if (!dirty) showNote();
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
  for (const uri of initial.flips) {
    const mode = publishedMode.get(uri);
    if (mode && flips.some((box) => box.value === uri)) {
      modes.set(uri, other(mode));
      sync(uriKey(uri));
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void update();
  });
  form.addEventListener('input', (event) => {
    if (event.target === editor) dirty = true;
  });
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (event.target === noteSelect) return showNote();
    if (event.target === editor) return;
    if (target.name === 'flip') {
      const mode = (target.checked ? target.dataset.checkedMode : other(target.dataset.checkedMode as Mode)) as Mode;
      const key = uriKey(target.value);
      // Back to the published mode with the text untouched: drop the request, so the note is the published bytes again.
      if (mode === publishedMode.get(target.value) && !edits.has(key)) modes.delete(target.value);
      else modes.set(target.value, mode);
      sync(key);
    }
    void update();
  });
  form.addEventListener('click', (event) => {
    const action = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-action]')?.dataset.action;
    if (!action) return;
    const key = noteSelect.value;
    if (action === 'share') {
      // The address already holds the state; the link is shown too, for when the clipboard is refused.
      void navigator.clipboard?.writeText(location.href).catch(() => {});
      status.textContent = `Link to this preview: ${location.href}`;
      return;
    }
    if (action === 'reset') {
      edits.clear();
      modes.clear();
      for (const k of Object.keys(snap.files)) sync(k);
      harness.value = published.harness;
      if (preset) preset.value = published.preset ?? '';
    } else {
      // The text now says what the note is: a mode asked for earlier gives way to it.
      modes.delete(keyUri(key));
      if (action === 'apply') edits.set(key, editor.value);
      else if (action === 'delete') edits.set(key, null);
      else edits.delete(key);
      sync(key);
    }
    dirty = false;
    void update();
  });

  showNote();
  one<HTMLFieldSetElement>('[data-live-fields]').disabled = false;
  await update();
}
