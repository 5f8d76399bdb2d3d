import { InImportObjectBody, isObjectTypeKey, objectBodySchema } from "@baton/contract";

/** A problem at a place in the definition, in the server's path form (`data.jobs.general_attributes.name`). */
export interface DefinitionProblem {
  path: string;
  message: string;
}

export type DefinitionCheck = { ok: true; envelope: unknown } | { ok: false; problems: DefinitionProblem[] };

function pathText(path: ReadonlyArray<PropertyKey>): string {
  return path.map((part, index) => (typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`)).join("");
}

/**
 * Checks an edited envelope as the engine will: JSON, the envelope's shape, then each body against
 * its type's limits (the same contract schemas the engine uses), so mistakes show while typing.
 * The envelope is kept as parsed, so what is saved is what was written.
 */
export function checkDefinition(text: string, name: string): DefinitionCheck {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [{ path: "", message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] };
  }
  const envelope = InImportObjectBody.safeParse(json);
  if (!envelope.success) return { ok: false, problems: envelope.error.issues.map((issue) => ({ path: pathText(issue.path), message: issue.message })) };
  const problems: DefinitionProblem[] = [];
  const entries = Object.entries(envelope.data.data);
  if (entries.length !== 1) problems.push({ path: "data", message: "must hold exactly one object" });
  for (const [key, body] of entries) {
    if (!isObjectTypeKey(key)) continue;
    const checked = objectBodySchema(key).safeParse(body);
    if (!checked.success) problems.push(...checked.error.issues.map((issue) => ({ path: pathText(["data", key, ...issue.path]), message: issue.message })));
    if (body.general_attributes.name.toUpperCase() !== name) problems.push({ path: `data.${key}.general_attributes.name`, message: `must stay ${name}; import the object under a new name on the Objects page to copy it` });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, envelope: json };
}
