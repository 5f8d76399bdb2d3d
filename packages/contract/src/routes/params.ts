import { z } from "zod";
import { ClientId, RunIdParam } from "../schemas/primitives";

/** The client of every path below `/{client_id}`. */
export const ClientParams = z.object({ client_id: ClientId });
/** One execution of a client. */
export const RunParams = ClientParams.extend({ run_id: RunIdParam });
