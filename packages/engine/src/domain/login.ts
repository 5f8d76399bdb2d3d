import { isRecord, type ObjectBody, wildcardRegExp } from "@baton/contract";

/**
 * The OS user a LOGIN object names for an agent: the first entry of `login_definitions`
 * (`{"agent": "LOCAL" or a pattern, "user": "batch"}`) whose agent matches. Undefined when none does.
 */
export function loginUserFor(body: ObjectBody, agent: string): string | undefined {
  const entries = Array.isArray(body["login_definitions"]) ? body["login_definitions"].filter(isRecord) : [];
  const entry = entries.find((e) => wildcardRegExp(String(e["agent"] ?? "*")).test(agent) && typeof e["user"] === "string" && e["user"] !== "");
  return entry === undefined ? undefined : String(entry["user"]);
}
