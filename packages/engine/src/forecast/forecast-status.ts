import { Status } from "@baton/contract";

/** A forecast is calculating (1550), done (1900), failed (1800) or was interrupted by the engine's stop (1815). */
export const ForecastStatus = {
  CALCULATING: Status.ACTIVE,
  DONE: Status.ENDED_OK,
  FAILED: Status.ENDED_NOT_OK,
  INTERRUPTED: Status.ENDED_LOST,
} as const;
