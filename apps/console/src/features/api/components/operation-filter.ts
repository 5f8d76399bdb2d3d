import type { Operation, Tag } from "../api/openapi-document";

function words(filter: string): string[] {
  return filter.toLowerCase().split(/\s+/).filter((w) => w !== "");
}

/**
 * Whether an operation matches the filter text: every word must occur in its method, path,
 * summary, tags or operationId ("post executions" finds POST /{client_id}/executions).
 */
export function matchesFilter(operation: Operation, filter: string): boolean {
  const haystack = [operation.method, operation.path, operation.summary, operation.id, ...operation.tags].join("\n").toLowerCase();
  return words(filter).every((word) => haystack.includes(word));
}

/** Component names that contain every word of the filter. */
export function filterNames(names: readonly string[], filter: string): string[] {
  const wanted = words(filter);
  return names.filter((name) => wanted.every((word) => name.toLowerCase().includes(word)));
}

export interface TagGroup {
  tag: string;
  description: string;
  operations: Operation[];
}

/** Operations without a tag are listed under this one. */
export const UNTAGGED = "other";

/**
 * Operations under their tags, in the order the document lists its tags (then tags it only names
 * on operations). An operation with two tags is listed under both; empty groups are left out.
 */
export function groupByTag(operations: readonly Operation[], tags: readonly Tag[]): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const tag of tags) groups.set(tag.name, { tag: tag.name, description: tag.description, operations: [] });
  for (const operation of operations) {
    for (const tag of operation.tags.length > 0 ? operation.tags : [UNTAGGED]) {
      let group = groups.get(tag);
      if (group === undefined) {
        group = { tag, description: "", operations: [] };
        groups.set(tag, group);
      }
      group.operations.push(operation);
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}
