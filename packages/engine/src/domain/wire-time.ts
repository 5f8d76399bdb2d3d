const DAY_MS = 86_400_000;
/** The date part (`2018-04-17T`) of the day last written, by day number: a page of answers mostly names one day. */
let lastDay = Number.NaN;
let lastDate = "";

/**
 * A time (epoch milliseconds, or a date text JavaScript reads) as the REST API writes it: UTC to
 * the whole second, `2018-04-17T14:39:36Z`, as every answer of the vendor's does
 * (docs/decisions.md, "Vendor wire behaviour"). The milliseconds are dropped, not rounded, so a
 * time is never written later than it was.
 * Epoch milliseconds take a shorter way: the day's date is formatted once (toISOString, about ten
 * times the cost of the rest, was a tenth of the CPU of a list of fifty executions) and the time of
 * day is computed.
 */
export function wireTime(time: number | string | Date): string {
  if (typeof time !== "number") return isoSeconds(time);
  const day = Math.floor(time / DAY_MS);
  if (day !== lastDay) {
    const iso = new Date(time).toISOString();
    // Years outside 0000-9999 are written with six digits and a sign (+010000-01-01T...).
    if (iso.length !== 24) return isoSeconds(time);
    lastDay = day;
    lastDate = iso.slice(0, 11);
  }
  const second = Math.floor((time - day * DAY_MS) / 1000);
  return `${lastDate}${twoDigits(Math.floor(second / 3600))}:${twoDigits(Math.floor(second / 60) % 60)}:${twoDigits(second % 60)}Z`;
}

function isoSeconds(time: number | string | Date): string {
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function twoDigits(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}
