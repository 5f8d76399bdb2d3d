import type { InRASolutionBody, OutRASolution } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { SYSTEM_CLIENT } from "./system-client";
import { useRaSolutionMutation } from "./use-ra-solution-mutation";

/** POST /api/0/system/ra-solutions {name, version?}: installs (or updates to) an uploaded version; the latest without `version`. */
export function installRaSolution(csrfToken: string, body: InRASolutionBody): Promise<OutRASolution> {
  return callOperation("postSystemRaSolutions", { params: { client_id: SYSTEM_CLIENT }, body, csrfToken });
}

export function useInstallRaSolution() {
  return useRaSolutionMutation(installRaSolution);
}
