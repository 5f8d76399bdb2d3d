import { OutRASolution, type InRASolutionBody } from "@baton/contract";
import { requestJson } from "../../../lib/api-client";
import { SYSTEM_CLIENT } from "./system-client";
import { systemPath } from "./system-path";
import { useRaSolutionMutation } from "./use-ra-solution-mutation";

/** POST /api/0/system/ra-solutions {name, version?}: installs (or updates to) an uploaded version; the latest without `version`. */
export function installRaSolution(csrfToken: string, body: InRASolutionBody): Promise<OutRASolution> {
  return requestJson(systemPath(SYSTEM_CLIENT, "ra-solutions"), OutRASolution, { method: "POST", body, csrfToken });
}

export function useInstallRaSolution() {
  return useRaSolutionMutation(installRaSolution);
}
