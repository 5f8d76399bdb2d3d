import type { Kysely } from "kysely";
import type { Database } from "../store/schema";
import { readSettingRows } from "../store/settings-store";

/** The system settings an operator of the vendor's product sets the engine's endpoints in. */
const SYSTEM_SETTINGS_OBJECT = "UC_SYSTEM_SETTINGS";

/**
 * Where agents made by a package or an authentication package reach the engine: the key
 * JCP_ENDPOINT, else REST_ENDPOINT, of UC_SYSTEM_SETTINGS in client 0 ("Working with Agents": the
 * system must know where to reach them), else where the request arrived (`requestOrigin`). A
 * value without a scheme takes the request's; one that is no http(s) address is ignored. Only
 * the origin is used: agents connect to its /ae/agent.
 */
export async function engineAddress(db: Kysely<Database>, requestOrigin: string): Promise<string> {
  const values = new Map((await readSettingRows(db, 0, SYSTEM_SETTINGS_OBJECT)).map((row) => [row.key, row.value]));
  const scheme = requestOrigin.slice(0, requestOrigin.indexOf("://"));
  for (const key of ["JCP_ENDPOINT", "REST_ENDPOINT"]) {
    const value = values.get(key);
    if (value === undefined || value === "") continue;
    const origin = httpOrigin(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `${scheme}://${value}`);
    if (origin !== undefined) return origin;
  }
  return requestOrigin;
}

/** The origin of an http(s) URL, or undefined. */
function httpOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
