import type { Parser } from "./api-client";
import { callOperation } from "./rest-operations";

/** One input of a prompt set the object lists, with its default (null: none). */
export interface ObjectInput {
  promptSet: string;
  /** As declared, upper case, ending in `#` (e.g. DAYS#). */
  name: string;
  defaultValue: string | null;
}

/** The answer is prompt set → input name → default; the contract has no schema for it, so it is checked here. */
export const objectInputsParser: Parser<ObjectInput[]> = {
  safeParse(value: unknown) {
    const fail = (message: string) => ({ success: false as const, error: { issues: [{ path: [], message }] } });
    if (typeof value !== "object" || value === null || Array.isArray(value)) return fail("expected an object of prompt sets");
    const inputs: ObjectInput[] = [];
    for (const [promptSet, entries] of Object.entries(value)) {
      if (typeof entries !== "object" || entries === null || Array.isArray(entries)) return fail(`expected the inputs of ${promptSet} as an object`);
      for (const [name, defaultValue] of Object.entries(entries)) {
        inputs.push({ promptSet, name, defaultValue: defaultValue === null || defaultValue === undefined ? null : String(defaultValue) });
      }
    }
    return { success: true, data: inputs };
  },
};

/** GET /api/{client}/objects/{name}/inputs: the inputs of the prompt sets the object lists (read for a start with options and for a restart). */
export function getObjectInputs(client: number, name: string, signal?: AbortSignal): Promise<ObjectInput[]> {
  return callOperation("getObjectsObjectNameInputs", { params: { client_id: client, object_name: name }, read: objectInputsParser, signal });
}
