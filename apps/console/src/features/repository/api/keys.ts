import type { ReviewSource } from "./review-source";

export const repositoryKeys = {
  all: (client: number) => ["repository", client] as const,
  info: (client: number) => [...repositoryKeys.all(client), "info"] as const,
  changes: (client: number) => [...repositoryKeys.all(client), "changes"] as const,
  branches: (client: number) => [...repositoryKeys.all(client), "branches"] as const,
  log: (client: number, branch: string) => [...repositoryKeys.all(client), "log", branch] as const,
  comparison: (client: number, from: string, to: string) => [...repositoryKeys.all(client), "compare", from, to] as const,
  diff: (client: number, source: ReviewSource) => [...repositoryKeys.all(client), "diff", source] as const,
  mergePreview: (client: number, branch: string) => [...repositoryKeys.all(client), "merge-preview", branch] as const,
  mergeObject: (client: number, branch: string, path: string) => [...repositoryKeys.all(client), "merge-object", branch, path] as const,
};
