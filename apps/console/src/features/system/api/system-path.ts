import { segment } from "../../../lib/api-client";

/** `/api/{client}/system` followed by the given path segments, each encoded (agent names may hold `#`, `$` or `@`). */
export function systemPath(client: number, ...segments: readonly string[]): string {
  return [`/api/${segment(client)}/system`, ...segments.map(segment)].join("/");
}
