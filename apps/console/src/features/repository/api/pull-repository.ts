import { OutRepositoryPull } from "@baton/contract";
import { requestJson } from "../../../lib/api-client";
import { repositoryPath } from "./repository-path";
import { useRepositoryMutation } from "./use-repository-mutation";

/** POST /api/{client}/repositories/pull: fetches the remote branch and imports it; a conflict (400, code CONFLICT) lists the objects with uncommitted changes it would replace, unless `overwrite`. */
export function pullRepository(client: number, csrfToken: string, overwrite: boolean): Promise<OutRepositoryPull> {
  return requestJson(repositoryPath(client, "pull"), OutRepositoryPull, { method: "POST", body: { overwrite }, csrfToken });
}

export function usePullRepository() {
  return useRepositoryMutation(pullRepository);
}
