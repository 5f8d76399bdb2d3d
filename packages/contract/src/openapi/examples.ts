import { z } from "zod";
import file from "./examples.json";

/** One request of an operation and its answer, as taken from a running Baton (see docs/api-examples.md). */
export const OperationExample = z.object({
  summary: z.string(),
  method: z.string(),
  /** Below the API base, with the query. */
  path: z.string(),
  /** The login, when it is not the administrator's. */
  user: z.string().optional(),
  /** Sent without a login (the public operations). */
  anonymous: z.literal(true).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  requestType: z.string().optional(),
  /** The JSON body sent, or how a binary one is shown. */
  request: z.unknown().optional(),
  status: z.number(),
  responseType: z.string().optional(),
  /** The JSON or text answer; absent for an empty or binary one. */
  response: z.unknown().optional(),
  /** What was shortened, e.g. long arrays. */
  note: z.string().optional(),
});
export type OperationExample = z.infer<typeof OperationExample>;

/** A successful call of each operation and, where the operation has one, an error answer; keyed `METHOD /path/{template}`. */
export const OperationExamples = z.record(z.string(), z.object({ success: OperationExample, error: OperationExample.optional() }));
export type OperationExamples = z.infer<typeof OperationExamples>;

let committed: OperationExamples | undefined;

/** The examples committed beside the contract (written by `pnpm api-examples`), read on first use. */
export function operationExamples(): OperationExamples {
  committed ??= OperationExamples.parse(file);
  return committed;
}

/** OpenAPI Example Objects of one example: the request body sent and the answer received. */
export function exampleObjects(example: OperationExample): { request?: Record<string, unknown>; response?: Record<string, unknown> } {
  const name = example.status < 400 ? "success" : "error";
  const described = (value: unknown) => ({ [name]: { summary: example.summary, ...(example.note && { description: example.note }), value } });
  const sentJson = example.requestType === "application/json" && example.request !== undefined;
  return {
    ...(sentJson && { request: described(example.request) }),
    ...(example.response !== undefined && { response: described(example.response) }),
  };
}
