/**
 * The header that carries the session's CSRF token (OutSession.csrf_token) on every
 * state-changing request to the BFF. Kept apart from the zod schemas so that the console's
 * API client does not load zod to send it.
 */
export const CSRF_HEADER = "x-csrf-token";
