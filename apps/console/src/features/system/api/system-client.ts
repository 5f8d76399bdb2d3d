/**
 * The system client: it cannot be deleted, and RA solutions live in it, so every request about
 * them goes to client 0 whoever asks.
 */
export const SYSTEM_CLIENT = 0;
