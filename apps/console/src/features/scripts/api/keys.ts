export const scriptKeys = {
  all: (client: number) => ["scripts", client] as const,
  recent: (client: number) => [...scriptKeys.all(client), "recent"] as const,
  run: (client: number, runId: number) => [...scriptKeys.all(client), "run", runId] as const,
  /** Per status: each status change reads the output again, the final one is kept. */
  output: (client: number, runId: number, status: number) => [...scriptKeys.all(client), "output", runId, status] as const,
};
