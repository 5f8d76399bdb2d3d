import { segment } from "../../../lib/api-client";

/** `/api/{client}/repositories` followed by the given path segments, each encoded (branch names may hold `/`). */
export function repositoryPath(client: number, ...segments: readonly string[]): string {
  return [`/api/${segment(client)}/repositories`, ...segments.map(segment)].join("/");
}
