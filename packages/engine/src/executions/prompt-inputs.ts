import { ErrorCode, type ObjectBody } from "@baton/contract";
import { ValidationError, type ValidationIssue } from "../domain/errors";
import { promptInputs, promptSetNames, resolveInputs, type PromptInput } from "../domain/prompt-sets";
import type { Store } from "../store/connect";
import { findObject } from "../store/objects-store";

/** The inputs the prompt sets of `body` declare, and an issue for each prompt set that does not exist. */
export async function declaredInputs(store: Store, client: number, body: ObjectBody, path: string): Promise<{ declared: PromptInput[]; issues: ValidationIssue[] }> {
  const declared: PromptInput[] = [];
  const issues: ValidationIssue[] = [];
  for (const name of promptSetNames(body)) {
    const promptSet = await findObject(store.db, client, name);
    if (promptSet?.type === "PRPT") declared.push(...promptInputs(promptSet.body));
    else issues.push({ code: ErrorCode.INVALID_REQUEST, path, error: `the object's prompt set '${name}' does not exist`, invalidValue: name });
  }
  return { declared, issues };
}

/**
 * Checks inputs against the declared ones (see resolveInputs): the variables they set, or a
 * ValidationError with every issue, those found before (`issues`) first.
 */
export function checkedInputs(declared: readonly PromptInput[], issues: readonly ValidationIssue[], sent: Readonly<Record<string, unknown>>, path: string): Map<string, string> {
  const resolved = resolveInputs(declared, sent, path);
  if (issues.length + resolved.issues.length > 0) throw new ValidationError([...issues, ...resolved.issues]);
  return resolved.variables;
}

/**
 * The variables prompt inputs set: checked against the prompt sets the object lists (unknown,
 * missing required or malformed inputs answer 400 and start nothing), defaults filling the rest.
 */
export async function inputsFor(store: Store, client: number, body: ObjectBody, sent: Readonly<Record<string, unknown>>, path: string): Promise<Map<string, string>> {
  const { declared, issues } = await declaredInputs(store, client, body, path);
  return checkedInputs(declared, issues, sent, path);
}
