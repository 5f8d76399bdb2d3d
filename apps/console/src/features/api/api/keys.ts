export const apiExplorerKeys = {
  all: ["api-explorer"] as const,
  /** The document describes the engine, not a client: one cache entry for every client. */
  document: () => [...apiExplorerKeys.all, "openapi"] as const,
};
