// ISO 8601 dates and date-times for guest memories, read to the nanosecond as a BigInt, so
// `.0002Z` sorts after `.0001Z` and year 0099 stays year 99 (Date.UTC maps 0-99 to 1900-1999).

/** A parsed instant (nanoseconds since 1970-01-01T00:00Z), or what is wrong with the text. */
export type IsoResult = { ok: true; ns: bigint } | { ok: false; why: string };

const FILE_DATE = /^(\d{4}-\d{2}-\d{2})/;

// Calendar (YYYY-MM-DD, YYYYMMDD, YYYY-MM), ordinal (YYYY-DDD, YYYYDDD), week (YYYY-Www[-D], YYYYWww[D]), year (YYYY).
const DATE = /^(\d{4})(?:-(\d{2})-(\d{2})|(\d{2})(\d{2})|-(\d{2})|-?(\d{3})|-?W(\d{2})(?:-?(\d))?)?$/;
// hh[:mm[:ss]] or hh[mm[ss]], a fraction on the last part, then Z, ±hh, ±hh:mm or ±hhmm.
const TIME = /^(\d{2})(?::?(\d{2})(?::?(\d{2}))?)?(?:[.,](\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const NS_PER_SECOND = 1_000_000_000n;
const SHAPE = 'it must be an ISO 8601 date such as 2026-03-14, optionally with a time such as T09:30:00.25Z or T09:30+02:00';

/** Days from 1970-01-01 to a proleptic Gregorian date, for any year 0-9999 (no Date, no two-digit years). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const monthDays = (y: number, m: number): number => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
/** ISO weekday, Monday 1 to Sunday 7. */
const weekday = (days: number): number => ((((days + 3) % 7) + 7) % 7) + 1;
/** The Monday of ISO week 1: the week holding 4 January. */
const weekOneMonday = (y: number): number => {
  const jan4 = daysFromCivil(y, 1, 4);
  return jan4 - (weekday(jan4) - 1);
};

function dateDays(text: string): number | string {
  const m = DATE.exec(text);
  if (!m) return SHAPE;
  const year = Number(m[1]);
  const [, , em, ed, bm, bd, monthOnly, ordinal, week, wd] = m;
  if (ordinal !== undefined) {
    const day = Number(ordinal);
    const length = isLeap(year) ? 366 : 365;
    if (day < 1 || day > length) return `day ${ordinal} of the year does not exist in ${m[1]} (001-${length})`;
    return daysFromCivil(year, 1, 1) + day - 1;
  }
  if (week !== undefined) {
    const w = Number(week);
    const weeks = (weekOneMonday(year + 1) - weekOneMonday(year)) / 7;
    if (w < 1 || w > weeks) return `week ${week} does not exist in ${m[1]} (01-${weeks})`;
    const d = wd === undefined ? 1 : Number(wd);
    if (d < 1 || d > 7) return `weekday ${wd} is out of range (1-7)`;
    return weekOneMonday(year) + (w - 1) * 7 + d - 1;
  }
  const month = Number(em ?? bm ?? monthOnly ?? '1');
  const day = Number(ed ?? bd ?? '1');
  if (month < 1 || month > 12) return `month ${em ?? bm ?? monthOnly} is out of range (01-12)`;
  if (day < 1 || day > monthDays(year, month)) return `day ${ed ?? bd} does not exist in ${m[1]}-${String(month).padStart(2, '0')}`;
  return daysFromCivil(year, month, day);
}

/** Nanoseconds into the day (before the offset), and the offset in minutes; or what is wrong. */
function timeOfDay(text: string): { ns: bigint; offsetMinutes: number } | string {
  const m = TIME.exec(text);
  if (!m) return SHAPE;
  const [, hh, mm, ss, frac, zone] = m;
  const h = Number(hh);
  const min = mm === undefined ? 0 : Number(mm);
  const s = ss === undefined ? 0 : Number(ss);
  if (h > 24) return `hour ${hh} is out of range (00-24)`;
  if (min > 59) return `minute ${mm} is out of range (00-59)`;
  // A leap second (:60) only ends a minute's last second; it sorts as the next minute's start.
  if (s > 60 || (s === 60 && min !== 59)) return `second ${ss} is out of range (00-59, or 60 for a leap second at minute 59)`;
  if (h === 24 && (min !== 0 || s !== 0 || (frac !== undefined && /[1-9]/.test(frac)))) return 'hour 24 only names the end of a day (24:00:00)';
  // A fraction belongs to the last part given: an hour, a minute or a second.
  const unit = ss !== undefined ? NS_PER_SECOND : mm !== undefined ? 60n * NS_PER_SECOND : 3600n * NS_PER_SECOND;
  const fraction = frac === undefined ? 0n : (BigInt(frac) * unit) / 10n ** BigInt(frac.length);
  let offsetMinutes = 0;
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (oh > 23 || om > 59) return `offset ${zone} is not a UTC offset (hours 00-23, minutes 00-59)`;
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  return { ns: BigInt(h * 3600 + min * 60 + s) * NS_PER_SECOND + fraction, offsetMinutes };
}

/**
 * An ISO 8601 date or date-time as nanoseconds since the epoch, or what is wrong with it. A time
 * with no offset is read as UTC, never the machine's local time, so order is the same everywhere.
 */
export function parseIsoDate(value: string): IsoResult {
  const text = value.trim();
  if (text === '') return { ok: false, why: 'it is empty' };
  const split = /[Tt ]/.exec(text);
  const datePart = split ? text.slice(0, split.index) : text;
  const days = dateDays(datePart);
  if (typeof days === 'string') return { ok: false, why: days };
  let ns = BigInt(days) * 86_400n * NS_PER_SECOND;
  if (split) {
    const time = timeOfDay(text.slice(split.index + 1));
    if (typeof time === 'string') return { ok: false, why: time };
    ns += time.ns - BigInt(time.offsetMinutes) * 60n * NS_PER_SECOND;
  }
  return { ok: true, ns };
}

/** Milliseconds since the epoch (rounded down), or null when it is not ISO 8601. */
export function isoTime(value: string): number | null {
  const parsed = parseIsoDate(value);
  if (!parsed.ok) return null;
  const ms = parsed.ns / 1_000_000n - (parsed.ns % 1_000_000n < 0n ? 1n : 0n);
  return Number(ms);
}

/** The `YYYY-MM-DD` a memory's file name starts with, as nanoseconds since the epoch, or null. */
export function fileNameInstant(path: string): bigint | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const m = FILE_DATE.exec(name);
  if (!m) return null;
  const parsed = parseIsoDate(m[1]!);
  return parsed.ok ? parsed.ns : null;
}

/** The `YYYY-MM-DD` a memory's file name starts with, as a time in milliseconds, or null. */
export function fileNameTime(path: string): number | null {
  const ns = fileNameInstant(path);
  return ns === null ? null : Number(ns / 1_000_000n);
}
