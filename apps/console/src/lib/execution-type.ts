import { executionTypeName } from "@baton/contract";

/**
 * An execution's type as operators read it: the name and the code the API answers with,
 * "Workflow (JOBP)"; a code without a name as it is. A sub type follows the code, as in the
 * vendor's templates: "Event (EVNT.FILE)".
 */
export function executionTypeText(code: string, subType?: string): string {
  const name = executionTypeName(code);
  const full = subType ? `${code}.${subType}` : code;
  return name === code ? full : `${name} (${full})`;
}
