import { OutSession } from "@baton/contract";
import { ADMIN_PASSWORD } from "./test-baton";

export interface ConsoleLogin {
  client?: number;
  user: string;
  department: string;
  password: string;
}

/** The administrator of client 100, as the console logs in. */
export const CONSOLE_ADMIN: ConsoleLogin = { user: "ADMIN", department: "ADMIN", password: ADMIN_PASSWORD };

/**
 * Logs in to the console of the Baton at `url` (POST /bff/session) and returns the session cookie
 * (name=value, to send as `cookie`) and the session; a refused login throws with the answer.
 */
export async function consoleLogin(url: string, { client = 100, ...login }: ConsoleLogin = CONSOLE_ADMIN): Promise<{ cookie: string; session: OutSession }> {
  const response = await fetch(`${url}/bff/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client, ...login }) });
  if (response.status !== 200) throw new Error(`console login of ${login.user}/${login.department} answered ${response.status}: ${await response.text()}`);
  return { cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "", session: OutSession.parse(await response.json()) };
}
