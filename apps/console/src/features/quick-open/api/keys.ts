export const quickOpenKeys = {
  all: (client: number) => ["quick-open", client] as const,
  /** Objects whose name matches the pattern. */
  objects: (client: number, pattern: string) => [...quickOpenKeys.all(client), "objects", pattern] as const,
  /** Runs of objects whose name matches the pattern, newest first. */
  runsByName: (client: number, pattern: string) => [...quickOpenKeys.all(client), "runs", pattern] as const,
  /** The run with that RunID, if any. */
  run: (client: number, runId: number) => [...quickOpenKeys.all(client), "run", runId] as const,
};
