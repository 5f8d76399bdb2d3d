import { operations } from "@baton/contract";
import { bindRoute, Reply } from "../route";

/** GET /ping: the liveness probe, no authentication, no client. */
export const pingRoutes = [bindRoute(operations.getPing, { handle: () => Reply.empty() })];
