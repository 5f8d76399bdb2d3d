import type { InSearchBody } from "@baton/contract";

export const searchKeys = {
  all: (client: number) => ["search", client] as const,
  /** One result page per request body (filters, order, paging). */
  results: (client: number, body: InSearchBody) => [...searchKeys.all(client), "results", body] as const,
};
