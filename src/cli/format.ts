import type { Bundle, CheckReport, FamilyOverview } from '../core/index.ts';
import { renderPrompt, utf8Length } from '../core/index.ts';

const pad = (s: string | number, n: number): string => String(s).padEnd(n);

const NAMED: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\v': '\\v', '\f': '\\f', '\r': '\\r', '\x1b': '\\e' };
const hex = (c: string): string => c.charCodeAt(0).toString(16).padStart(2, '0');

/**
 * A line for a terminal, as `ls -b` and git show names: control characters (C0, DEL, C1) escaped,
 * `\a \b \t \n \v \f \r \e` by name, the rest as `\xHH` (the form the agent store gives a
 * name's bytes that are not UTF-8). A name holding `ESC ] 0 ; … BEL` no longer retitles the terminal.
 */
export function escapeControls(text: string): string {
  return text.replace(/[\x00-\x1f\x7f-\x9f]/g, (c) => NAMED[c] ?? `\\x${hex(c)}`);
}

const c1 = (text: string): string => text.replace(/[\x7f-\x9f]/g, (c) => `\\u00${hex(c)}`);

/** JSON for a terminal: JSON.stringify escapes C0 already; DEL and C1 (U+0085, U+009B CSI…) are escaped too. */
export function terminalJson(value: unknown): string {
  return c1(JSON.stringify(value, null, 2));
}

/**
 * terminalJson's text, handed to `out` in pieces of about a megabyte: the same characters as
 * JSON.stringify(value, null, 2) for plain data, without ever holding all of it in one string. A
 * psyche of several 30 MB files of NUL bytes (six characters each in JSON) is more than one string holds.
 */
export function writeTerminalJson(value: unknown, out: (text: string) => void): void {
  let buffer = '';
  const emit = (text: string): void => {
    buffer += text;
    if (buffer.length > 1 << 20) {
      out(buffer);
      buffer = '';
    }
  };
  const walk = (v: unknown, indent: string): void => {
    if (v === null || typeof v !== 'object') {
      emit(typeof v === 'string' ? c1(JSON.stringify(v)) : (JSON.stringify(v) ?? 'null'));
      return;
    }
    const inner = `${indent}  `;
    if (Array.isArray(v)) {
      if (v.length === 0) return emit('[]');
      emit('[');
      v.forEach((item, i) => {
        emit(`${i ? ',' : ''}\n${inner}`);
        walk(item === undefined || typeof item === 'function' ? null : item, inner);
      });
      return emit(`\n${indent}]`);
    }
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined && typeof x !== 'function');
    if (entries.length === 0) return emit('{}');
    emit('{');
    entries.forEach(([key, item], i) => {
      emit(`${i ? ',' : ''}\n${inner}${c1(JSON.stringify(key))}: `);
      walk(item, inner);
    });
    emit(`\n${indent}}`);
  };
  walk(value, '');
  out(`${buffer}\n`);
}

const lpad = (s: string | number, n: number): string => String(s).padStart(n);

/** The card's token counts: the tokenizer, the prompt's count, each document's text in order. */
export interface BundleTokens {
  tokenizer: string;
  prompt: number;
  documents: number[];
}

export function bundleTokens(bundle: Bundle, counter: { TOKENIZER: { id: string }; countTokens(text: string): number }): BundleTokens {
  return {
    tokenizer: counter.TOKENIZER.id,
    prompt: counter.countTokens(renderPrompt(bundle.documents)),
    documents: bundle.documents.map((d) => counter.countTokens(d.text)),
  };
}

/** The readable card `load` prints. */
export function formatCard(bundle: Bundle, tokens: BundleTokens): string {
  const kind = bundle.kind === 'family' ? 'family soul' : 'guest';
  const preset = bundle.preset ? ` · preset ${bundle.preset}` : '';
  const prompt = renderPrompt(bundle.documents);
  const whole = bundle.documents.filter((d) => d.mode === 'whole').length;
  const roleWidth = Math.max(4, ...bundle.documents.map((d) => d.role.length));
  const lines = [
    `${bundle.display} (${bundle.soul}) · ${kind} · harness ${bundle.harness}${preset}`,
    `revision ${bundle.revision}`,
    `prompt ${utf8Length(prompt)} bytes · ${tokens.prompt} tokens (${tokens.tokenizer}) · ${bundle.documents.length} documents · ${whole} whole · ${bundle.documents.length - whole} pointer`,
    '',
    `${lpad('#', 3)}  ${pad('role', roleWidth)}  ${pad('mode', 7)}  ${lpad('bytes', 7)}  ${lpad('tokens', 6)}  uri`,
  ];
  bundle.documents.forEach((d, i) => {
    const missing = d.mode === 'pointer' && d.revision === '' ? '  (absent)' : '';
    lines.push(`${lpad(i + 1, 3)}  ${pad(d.role, roleWidth)}  ${pad(d.mode, 7)}  ${lpad(d.bytes, 7)}  ${lpad(tokens.documents[i]!, 6)}  ${d.uri}${missing}`);
  });
  for (const w of bundle.warnings) lines.push('', `warning[${w.code}]: ${w.message}`);
  return `${lines.join('\n')}\n`;
}

export function formatCheck(report: CheckReport): string {
  const lines = [`family ${report.family}: ${report.souls.length} souls, ${report.guests.length} guests`];
  for (const f of report.findings) {
    lines.push(`${f.severity}[${f.code}]: ${f.message}`);
    lines.push(`  note: ${f.note ?? '-'}  role: ${f.role ?? '-'}  in: ${f.souls.join(', ') || '-'}`);
  }
  lines.push(`${report.errors} error(s), ${report.warnings} warning(s)`);
  return `${lines.join('\n')}\n`;
}

export function formatList(overview: FamilyOverview): string {
  const lines = [`family ${overview.family}`, '', 'souls:'];
  const souls = overview.members.filter((m) => m.kind === 'family');
  const guests = overview.members.filter((m) => m.kind === 'guest');
  for (const s of souls) lines.push(`  ${pad(s.id, 16)} ${s.display ?? '(no single identity note)'}${s.presets.length ? `  presets: ${s.presets.join(', ')}` : ''}`);
  lines.push('', 'guests:');
  for (const g of guests) lines.push(`  ${pad(g.id, 16)} ${g.display ?? '(no single identity note)'}`);
  if (guests.length === 0) lines.push('  (none)');
  lines.push('', 'shared core:');
  for (const n of overview.sharedCore) {
    const how = n.problem ? `problem: ${n.problem}` : n.loading === 'inline' ? 'whole' : 'pointer';
    lines.push(`  ${pad(how, 8)} ${n.uri}${n.summary ? `  ${n.summary}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}
