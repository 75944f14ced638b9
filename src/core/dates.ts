// ISO 8601 dates and date-times for guest memories, read to the nanosecond as a BigInt, so
// `.0002Z` sorts after `.0001Z`. Kept small: it ships in every bundle page's live preview.

/** A parsed instant (nanoseconds since 1970-01-01T00:00Z), or what is wrong with the text. */
export type IsoResult = { ok: true; ns: bigint } | { ok: false; why: string };

const FILE_DATE = /^(\d{4}-\d{2}-\d{2})/;

// Year, then calendar (MM-DD, MMDD), month (-MM), ordinal (DDD) or week (Www[D]); then T or a
// space, hh[:mm[:ss]] with a . or , fraction on the last part, and Z, ±hh, ±hh:mm or ±hhmm.
const ISO = /^(\d{4})(?:-?(\d\d)-?(\d\d)|-(\d\d)|-?(\d{3})|-?W(\d\d)(?:-?([1-7]))?)?(?:[T ](\d\d)(?::?(\d\d)(?::?(\d\d))?)?(?:[.,](\d+))?(Z|([+-])(\d\d)(?::?(\d\d))?)?)?$/i;

const DAY = 86_400_000;

/**
 * An ISO 8601 date or date-time as nanoseconds since the epoch, or what is wrong with it. A time
 * with no offset is read as UTC, never the machine's local time, so order is the same everywhere.
 */
export function parseIsoDate(value: string): IsoResult {
  const m = ISO.exec(value.trim());
  if (!m) return { ok: false, why: 'it must look like 2026-03-14, 2026-03-14T09:30:00.25Z or 2026-03-14T09:30+02:00' };
  const [, ys, mo = m[4], d, , ord, week, wd, h = '0', mi, s, frac, , sign, oh = '0', om = '0'] = m;
  const bad = (what: string, text: string, where = ''): IsoResult => ({ ok: false, why: `${what} ${text} is out of range${where}` });
  const y = +ys!;
  const t = new Date(0);
  // Days by setUTCFullYear, which (unlike Date.UTC) keeps years 0-99; an overflow is caught after.
  t.setUTCFullYear(y, week ? 0 : +(mo || 1) - 1, week ? 4 : +(ord || d || 1));
  // Week 1 is the one holding 4 January; a week belongs to the year of its Thursday.
  if (week) t.setTime(t.getTime() - ((t.getUTCDay() + 6) % 7) * DAY + ((+week - 1) * 7 + +(wd || 1) - 1) * DAY);
  const thursday = new Date(t.getTime() + (3 - ((t.getUTCDay() + 6) % 7)) * DAY);
  if (week && (+week < 1 || thursday.getUTCFullYear() !== y)) return bad('week', week, ` for ${ys}`);
  if (ord && (+ord < 1 || t.getUTCFullYear() !== y)) return bad('day of the year', ord, ` for ${ys}`);
  if (mo && (+mo < 1 || +mo > 12)) return bad('month', mo);
  if (d && t.getUTCDate() !== +d) return bad('day', d, ` for ${ys}-${mo}`);
  const min = +(mi || 0);
  const sec = +(s || 0);
  if (+h > 24 || (+h === 24 && (min || sec || /[1-9]/.test(frac || '')))) return bad('hour', h, ' (24 only as 24:00)');
  if (min > 59) return bad('minute', mi!);
  // :60 is a leap second, only at a minute's end; it sorts as the next minute's start.
  if (sec > 60 || (sec === 60 && min !== 59)) return bad('second', s!);
  if (+oh > 23 || +om > 59) return bad('UTC offset', m[12]!);
  const offset = (sign === '-' ? -1 : 1) * (+oh * 60 + +om);
  // A fraction belongs to the last part given: a second, a minute or an hour.
  const unit = s ? 1_000_000_000n : mi ? 60_000_000_000n : 3_600_000_000_000n;
  const fraction = frac ? (BigInt(frac) * unit) / 10n ** BigInt(frac.length) : 0n;
  return { ok: true, ns: BigInt(t.getTime() / 1000 + +h * 3600 + min * 60 + sec - offset * 60) * 1_000_000_000n + fraction };
}

/** Milliseconds since the epoch (rounded down), or null when it is not ISO 8601. */
export function isoTime(value: string): number | null {
  const parsed = parseIsoDate(value);
  if (!parsed.ok) return null;
  const ms = parsed.ns / 1_000_000n;
  return Number(parsed.ns < 0n && parsed.ns % 1_000_000n !== 0n ? ms - 1n : ms);
}

/** The `YYYY-MM-DD` a memory's file name starts with, as nanoseconds since the epoch, or null. */
export function fileNameInstant(path: string): bigint | null {
  const m = FILE_DATE.exec(path.slice(path.lastIndexOf('/') + 1));
  const parsed = m ? parseIsoDate(m[1]!) : null;
  return parsed?.ok ? parsed.ns : null;
}

/** The `YYYY-MM-DD` a memory's file name starts with, as a time in milliseconds, or null. */
export function fileNameTime(path: string): number | null {
  const ns = fileNameInstant(path);
  return ns === null ? null : Number(ns / 1_000_000n);
}
