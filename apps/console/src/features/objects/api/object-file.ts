import { EXECUTION_TYPE_OF_OBJECT, type InImportObjectBody, type OutObject } from "@baton/contract";

export interface ObjectSummary {
  name: string;
  /** Upper case, e.g. JOBS. */
  type: string;
}

/** Objects of an envelope, e.g. `{data: {jobs: {general_attributes: {name: "X"}}}}` → X, JOBS. */
export function summarize(data: InImportObjectBody["data"]): ObjectSummary[] {
  return Object.entries(data).map(([key, body]) => ({
    name: body.general_attributes.name.toUpperCase(),
    type: (typeof body.general_attributes.type === "string" ? body.general_attributes.type : key).toUpperCase(),
  }));
}

export function isExecutable(type: string): boolean {
  return Object.hasOwn(EXECUTION_TYPE_OF_OBJECT, type.toUpperCase());
}

/**
 * The envelope as it imports (downloaded, edited): `data` and `path`; the modification details
 * are the server's and would be refused on import.
 */
export function editableText(object: Pick<OutObject, "data" | "path">): string {
  return JSON.stringify({ data: object.data, path: object.path }, null, 2);
}
