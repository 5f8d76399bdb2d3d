import { z } from "zod";
import { OutExecution } from "./schemas/executions";

/** POST /bff/session: the console logs in once; the credentials stay on the server. */
export const InSessionBody = z.object({
  client: z.int().min(0).max(9999),
  user: z.string().min(1).max(200),
  department: z.string().max(200).default(""),
  password: z.string().min(1).max(1024),
});
export type InSessionBody = z.infer<typeof InSessionBody>;

/** GET /bff/session: who am I. The CSRF token goes into the `x-csrf-token` header of state-changing requests. */
export const OutSession = z.object({
  client: z.int(),
  user: z.string(),
  department: z.string(),
  csrf_token: z.string(),
  /** Clients in which the same user exists: the console offers to switch to them. */
  clients: z.array(z.int()),
});
export type OutSession = z.infer<typeof OutSession>;

/** POST /bff/session/client: continue the session in another client of the same user. */
export const InSwitchClientBody = z.object({ client: z.int().min(0).max(9999) });

/** Data of one `execution` event on GET /bff/events; the SSE event id is `seq`. */
export const ExecutionEvent = z.object({
  seq: z.int(),
  client: z.int(),
  execution: OutExecution,
});
export type ExecutionEvent = z.infer<typeof ExecutionEvent>;
