const QUARTER_HOUR_MS = 15 * 60_000;

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
  // Every zone's offset since 1972 is a multiple of 15 minutes, so its local midnights fall on the UTC
  // quarter hours: one day per quarter hour, formatted once (a batch's plays share a few).
  const byQuarter = new Map<number, string>();
  return (iso) => {
    const at = new Date(iso);
    const quarter = Math.floor(at.getTime() / QUARTER_HOUR_MS);
    let day = byQuarter.get(quarter);
    if (day === undefined) {
      day = chosen.format(at);
      if (byQuarter.size >= 64) byQuarter.clear();
      byQuarter.set(quarter, day);
    }
    return day;
  };
}

const DAY_MS = 86_400_000;

/** The start of the UTC day of `nowMs`. */
export const utcDayStart = (nowMs: number) => Math.floor(nowMs / DAY_MS) * DAY_MS;
