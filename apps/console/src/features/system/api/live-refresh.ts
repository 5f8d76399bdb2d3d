/**
 * How often the system screens read again. No events announce agents connecting or processes
 * beating, so these screens poll while they are open.
 */
export const AGENTS_REFRESH_MS = 5_000;
export const HEALTH_REFRESH_MS = 5_000;
/** The engine samples metrics once a minute; reading more often shows nothing new. */
export const METRICS_REFRESH_MS = 60_000;
