/**
 * A time (epoch milliseconds, or a date text JavaScript reads) as the REST API writes it: UTC to
 * the whole second, `2018-04-17T14:39:36Z`, as every answer of the vendor's does
 * (docs/decisions.md, "Vendor wire behaviour"). The milliseconds are dropped, not rounded, so a
 * time is never written later than it was.
 */
export function wireTime(time: number | string | Date): string {
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
}
