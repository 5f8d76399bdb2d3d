const DAY_MS = 86_400_000;
/** Renew before this many days are left: enough time to get and roll out a new certificate. */
export const RENEW_WITHIN_DAYS = 30;

/** A certificate's validity at a moment, in words, with how it should look. */
export interface CertificateValidity {
  label: string;
  tone: "good" | "warning" | "bad";
}

/**
 * "Valid, 42 days left", "Expired 3 days ago", "Not valid before …". The server's `expired` flag
 * decides expiry (its clock is the one agents and browsers meet); the days are counted here.
 */
export function certificateValidity(certificate: { valid_from: string; valid_to: string; expired: boolean }, now: number): CertificateValidity {
  const to = Date.parse(certificate.valid_to);
  if (certificate.expired) {
    const ago = Math.max(0, Math.floor((now - to) / DAY_MS));
    return { label: ago === 0 ? "Expired today" : `Expired ${ago} ${ago === 1 ? "day" : "days"} ago`, tone: "bad" };
  }
  if (Date.parse(certificate.valid_from) > now) return { label: `Not valid before ${certificate.valid_from.slice(0, 10)}`, tone: "bad" };
  const left = Math.max(0, Math.floor((to - now) / DAY_MS));
  const label = `Valid, ${left} ${left === 1 ? "day" : "days"} left`;
  return { label: left < RENEW_WITHIN_DAYS ? `${label}: renew it soon` : label, tone: left < RENEW_WITHIN_DAYS ? "warning" : "good" };
}
