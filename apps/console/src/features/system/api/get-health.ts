import { queryOptions, useQuery } from "@tanstack/react-query";
import { OutError, OutHealthCheck } from "@baton/contract";
import { ApiError, NetworkError, ResponseShapeError, isApiError, type ApiProblem } from "../../../lib/api-client";
import { operationUrl } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { systemKeys } from "./keys";
import { HEALTH_REFRESH_MS } from "./live-refresh";

function problemOf(response: Response, body: unknown): ApiProblem {
  const error = OutError.safeParse(body);
  if (error.success) return { code: error.data.code, message: error.data.error, details: error.data.details || null, path: null };
  return { code: null, message: `${response.status} ${response.statusText || "error"}`.trim(), details: null, path: null };
}

/**
 * The engine's answer: the check per process kind (also when it is DOWN: the 503 carries the check
 * with every process, those with no instance too), or only the reason when the engine could not
 * make the check at all (a 503 OutError, e.g. its database is busy). `detailsRefused` is the 403
 * that refused the details to this user; the check is then the plain one, without instances.
 */
export type HealthAnswer = ({ check: OutHealthCheck } | { check: null; reason: ApiProblem }) & { detailsRefused: ApiError | null };

/**
 * GET /api/{client}/system/health. The server answers 503 when the engine is DOWN: that is a
 * health answer to show, so this reads it rather than using `requestJson`, which turns every
 * non-2xx status into an error.
 */
async function readHealth(client: number, details: boolean, signal?: AbortSignal): Promise<{ check: OutHealthCheck } | { check: null; reason: ApiProblem }> {
  const url = await operationUrl("getSystemHealth", { client_id: client }, details ? { details: true } : {});
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, credentials: "same-origin", signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new NetworkError("GET", url, cause);
  }
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = OutHealthCheck.safeParse(body);
  if ((response.ok || response.status === 503) && parsed.success) return { check: parsed.data };
  if (response.ok) throw new ResponseShapeError("GET", url, parsed.error?.issues.slice(0, 5).map((issue) => `${issue.path.map(String).join(".") || "body"}: ${issue.message}`) ?? []);
  // A 503 OutError says why there is no check; a 503 page of a proxy is an error after all.
  if (response.status === 503 && OutError.safeParse(body).success) return { check: null, reason: problemOf(response, body) };
  throw new ApiError(response.status, [problemOf(response, body)], "GET", url);
}

/**
 * The health with its details (`details=true`). Whether Baton is up is answered to every user,
 * only the details need SYSTEM_OVERVIEW (docs/security.md): a user without it gets the plain
 * answer and the refusal, which names the privilege. The session does not tell the privileges,
 * so each read asks for the details first.
 */
export async function getHealth(client: number, signal?: AbortSignal): Promise<HealthAnswer> {
  try {
    return { ...(await readHealth(client, true, signal)), detailsRefused: null };
  } catch (error) {
    if (!isApiError(error, 403)) throw error;
    return { ...(await readHealth(client, false, signal)), detailsRefused: error };
  }
}

export function healthQueryOptions(client: number) {
  return queryOptions({ queryKey: systemKeys.health(client), queryFn: ({ signal }) => getHealth(client, signal), refetchInterval: HEALTH_REFRESH_MS });
}

export function useHealth() {
  const { client } = useCurrentSession();
  return useQuery(healthQueryOptions(client));
}
