/** `YYYY-MM-DD` of an instant in a zone (one formatter per zone). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
export function localDayFormat(timeZone: string): (iso: string) => string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const chosen = format;
  return (iso) => chosen.format(new Date(iso));
}

const DAY_MS = 86_400_000;

/** The start of the UTC day of `nowMs`. */
export const utcDayStart = (nowMs: number) => Math.floor(nowMs / DAY_MS) * DAY_MS;
