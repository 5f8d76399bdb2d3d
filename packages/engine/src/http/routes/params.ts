import { ClientId, RunIdParam } from "@baton/contract";
import { z } from "zod";

export const ClientParams = z.object({ client_id: ClientId });
export const RunParams = z.object({ client_id: ClientId, run_id: RunIdParam });
