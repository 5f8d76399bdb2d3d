import { isApiError } from "../../../lib/api-client";
import { callOperation } from "../../../lib/rest-operations";
import { mapWithLimit } from "../../../lib/map-with-limit";
import type { ExistingObject } from "./folder-import-plan";
import { normaliseFolder } from "./folder-path";
import { summarize } from "./object-file";

/** Reads at once; enough to be quick, few enough not to crowd the engine. */
const PARALLEL_READS = 6;

/**
 * Which of `names` exist, with their type and folder: GET /objects/{name} per name (only
 * general_attributes), 404 meaning absent. The engine has no call taking many names at once
 * (README, "Import preview"). `onProgress` hears how many were checked.
 */
export async function findExisting(client: number, names: readonly string[], onProgress: (checked: number) => void, signal?: AbortSignal): Promise<Map<string, ExistingObject>> {
  const found = new Map<string, ExistingObject>();
  let checked = 0;
  await mapWithLimit(names, PARALLEL_READS, async (name) => {
    try {
      const object = await callOperation("getObjectsObjectName", { params: { client_id: client, object_name: name }, query: { filter: "general_attributes" }, signal });
      const [summary] = summarize(object.data);
      if (summary !== undefined) found.set(name, { type: summary.type, folder: normaliseFolder(object.path) });
    } catch (error) {
      if (!isApiError(error, 404)) throw error;
    }
    checked += 1;
    onProgress(checked);
  });
  return found;
}
