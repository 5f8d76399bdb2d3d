import { EXECUTION_TYPE_OF_OBJECT, InImportObjectBody } from "@baton/contract";

export interface ObjectSummary {
  name: string;
  /** Upper case, e.g. JOBS. */
  type: string;
}

export type ParsedObjectFile =
  | {
      ok: true;
      /** What gets posted: the file's JSON as written (unknown members and key order kept). */
      payload: unknown;
      objects: ObjectSummary[];
    }
  | { ok: false; message: string; hint: string };

/** Objects of an envelope, e.g. `{data: {jobs: {general_attributes: {name: "X"}}}}` → X, JOBS. */
export function summarize(data: InImportObjectBody["data"]): ObjectSummary[] {
  return Object.entries(data).map(([key, body]) => ({
    name: body.general_attributes.name.toUpperCase(),
    type: (typeof body.general_attributes.type === "string" ? body.general_attributes.type : key).toUpperCase(),
  }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads an export file: the envelope `{data: {<type>: body}, path}` as GET /objects/{name}
 * returns it, or a bare object body (then wrapped into an envelope at the root folder).
 */
export function parseObjectFile(text: string): ParsedObjectFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      hint: "Export the object again or fix the JSON, then drop the file again.",
    };
  }
  if (isRecord(json) && Array.isArray(json.data)) {
    return {
      ok: false,
      message: "This is a folder export (its data is a list).",
      hint: "Import single object files here: one object export per file.",
    };
  }
  let candidate: unknown = json;
  if (isRecord(json) && !("data" in json) && isRecord(json.general_attributes)) {
    const type = json.general_attributes.type;
    if (typeof type !== "string" || type === "") {
      return { ok: false, message: "The object has no general_attributes.type.", hint: "Add the type (e.g. JOBS) or export the object with its envelope." };
    }
    candidate = { data: { [type.toLowerCase()]: json }, path: "" };
  }
  const parsed = InImportObjectBody.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join(".")}` : "";
    return {
      ok: false,
      message: `This is not an object export${where}: ${issue?.message ?? "unexpected shape"}.`,
      hint: 'An export file looks like {"data": {"jobs": {"general_attributes": {"name": "...", "type": "JOBS"}, ...}}, "path": ""}.',
    };
  }
  const objects = summarize(parsed.data.data);
  if (objects.length === 0) {
    return { ok: false, message: "The file holds no object (its data is empty).", hint: "Export the object again." };
  }
  return { ok: true, payload: candidate, objects };
}

export function isExecutable(type: string): boolean {
  return Object.hasOwn(EXECUTION_TYPE_OF_OBJECT, type.toUpperCase());
}
