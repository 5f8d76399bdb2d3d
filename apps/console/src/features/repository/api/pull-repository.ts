import type { OutRepositoryPull } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useRepositoryMutation } from "./use-repository-mutation";

/** POST /api/{client}/repositories/pull: fetches the remote branch and imports it; a conflict (400, code CONFLICT) lists the objects with uncommitted changes it would replace, unless `overwrite`. */
export function pullRepository(client: number, csrfToken: string, overwrite: boolean): Promise<OutRepositoryPull> {
  return callOperation("postRepositoriesPull", { params: { client_id: client }, body: { overwrite }, csrfToken });
}

export function usePullRepository() {
  return useRepositoryMutation(pullRepository);
}
