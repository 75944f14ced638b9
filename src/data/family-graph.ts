// The family's inheritance graph, laid out at build time: the shared vault to its souls to their
// presets, the guest container to its guests. An indented tree, one box a line, so it is as wide on a
// phone as on a desktop and grows only downwards however many members a family has; the page prints
// it as SVG, with no script.
import { ROLE } from '../core/index.ts';
import { bytes, plural } from '../render/format.ts';
import type { FamilyColumn, FamilyGraph, FamilyRowGroup, GraphNode, MemberView } from './types.ts';

export interface GraphInput {
  family: string;
  shared: string;
  guests: string;
  souls: readonly MemberView[];
  guestMembers: readonly MemberView[];
  columns: readonly FamilyColumn[];
  groups: readonly FamilyRowGroup[];
}

/** viewBox units; the SVG is drawn at this many CSS pixels or narrower, so text stays near its set size. */
export const GRAPH_WIDTH = 400;
const PAD = 4;
const INDENT = 26;
const NODE_HEIGHT = 44;
const GAP = 10;
/** Where an edge leaves its parent box, from the box's left side. */
const STEM = 13;
const LABEL_SIZE = 14;
const DETAIL_SIZE = 12;
const TEXT_INSET = 12;

/** Letters drawn a full em wide: CJK, Hangul, full-width forms, emoji. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;

/** A text's width in ems, estimated high (the browser's font is not known at build time). */
function ems(text: string, narrow: number): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) ? 1 : narrow;
  return width;
}

/** The text cut to fit `room` units at this size, an ellipsis marking the cut. */
export function fitText(text: string, room: number, size: number, narrow: number): string {
  if (ems(text, narrow) * size <= room) return text;
  let out = '';
  for (const ch of text) {
    if (ems(`${out}${ch}…`, narrow) * size > room) break;
    out += ch;
  }
  return `${out}…`;
}

/** Items in words: "a", "a and b", "a, b and c". */
function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function familyGraph(input: GraphInput): FamilyGraph {
  const nodes: GraphNode[] = [];
  const edges: FamilyGraph['edges'] = [];
  const column = new Map(input.columns.map((c) => [c.key, c]));
  let y = PAD;
  const place = (id: string, kind: GraphNode['kind'], depth: number, label: string, detail: string, parent: GraphNode | null): GraphNode => {
    const x = PAD + depth * INDENT;
    const width = GRAPH_WIDTH - PAD - x;
    const room = width - 2 * TEXT_INSET;
    const node: GraphNode = { id, kind, x, y, width, height: NODE_HEIGHT, label: fitText(label, room, LABEL_SIZE, 0.62), fullLabel: label, detail: fitText(detail, room, DETAIL_SIZE, 0.56) };
    nodes.push(node);
    if (parent) edges.push({ from: parent.id, to: id, d: `M${parent.x + STEM} ${parent.y + parent.height}V${y + NODE_HEIGHT / 2}H${x}` });
    y += NODE_HEIGHT + GAP;
    return node;
  };
  const carried = (key: string): string => {
    const c = column.get(key);
    return c ? `${bytes(c.bytes)} shared` : '';
  };

  const sharedRows = input.groups.find((g) => g.vault === input.shared)?.rows ?? [];
  const core = sharedRows.filter((r) => r.role === ROLE.shared_core).length;
  const hasCatalog = sharedRows.some((r) => r.role === ROLE.shared_catalog && !r.absent);
  const shared = place(input.shared, 'shared', 0, input.shared, `shared vault · ${plural(core, 'core note')} · ${hasCatalog ? 'catalog' : 'no catalog'}`, null);
  for (const soul of input.souls) {
    const c = column.get(soul.id);
    const node = place(soul.id, 'soul', 1, soul.display, `soul · ${c ? `${c.whole} whole, ${plural(c.pointer, 'pointer')} · ` : ''}${carried(soul.id)}`, shared);
    for (const preset of soul.presets) place(`${soul.id}/${preset}`, 'preset', 2, preset, `preset · ${carried(`${soul.id}/${preset}`)}`, node);
  }
  if (input.guestMembers.length > 0) {
    const container = place(input.guests, 'guests', 0, input.guests, 'guest container · shared instructions', null);
    for (const guest of input.guestMembers) place(guest.id, 'guest', 1, guest.display, `guest · ${carried(guest.id)}`, container);
  }

  const souls = input.souls.map((s) => (s.presets.length === 0 ? s.display : `${s.display}, with ${s.presets.length === 1 ? 'preset' : 'presets'} ${list(s.presets)}`));
  const description = [
    `Inheritance in the ${input.family} family.`,
    souls.length === 0 ? `The shared vault ${input.shared} has no soul to pass its notes to.` : `The shared vault ${input.shared} passes its notes to ${plural(souls.length, 'soul')}: ${souls.join('; ')}.`,
    input.guestMembers.length === 0 ? 'The family has no guests.' : `The guest container ${input.guests} passes its shared instructions to ${plural(input.guestMembers.length, 'guest')}: ${list(input.guestMembers.map((g) => g.display))}.`,
  ].join(' ');
  return { width: GRAPH_WIDTH, height: y - GAP + PAD, nodes, edges, description };
}

/** Where a node's two lines of text sit, from its top left corner. */
export const GRAPH_TEXT = { inset: TEXT_INSET, label: 19, detail: 35, labelSize: LABEL_SIZE, detailSize: DETAIL_SIZE } as const;
