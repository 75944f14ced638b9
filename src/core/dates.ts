const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const FILE_DATE = /^(\d{4}-\d{2}-\d{2})/;

/**
 * Milliseconds since the epoch for an ISO 8601 date or date-time, or null when it is not one.
 * A time with no offset is read as UTC, never as the machine's local time, so order is the same everywhere.
 */
export function isoTime(value: string): number | null {
  const m = ISO.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return null;
  let t = Date.UTC(Number(y), month - 1, day, Number(h), Number(mi), Number(s), Number(frac.slice(0, 3).padEnd(3, '0')));
  if (new Date(Date.UTC(Number(y), month - 1, day)).getUTCDate() !== day) return null;
  if (zone && zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    t -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return t;
}

/** The `YYYY-MM-DD` a memory's file name starts with, as a time, or null. */
export function fileNameTime(path: string): number | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const m = FILE_DATE.exec(name);
  return m ? isoTime(m[1]!) : null;
}
