import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestNoContent, segment } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { objectKeys } from "./keys";
import type { ObjectSummary } from "./object-file";

export interface ImportObjectInput {
  /** The export envelope, as read from the file. */
  payload: unknown;
  /** The objects it holds, to refresh their cached views. */
  objects: readonly ObjectSummary[];
  overwrite: boolean;
}

/** POST /api/{client}/objects: imports one export envelope. */
export function importObject(client: number, csrfToken: string, { payload, overwrite }: ImportObjectInput): Promise<void> {
  return requestNoContent(`/api/${segment(client)}/objects`, {
    method: "POST",
    query: { overwrite_existing_objects: overwrite },
    body: payload,
    csrfToken,
  });
}

export function useImportObject() {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportObjectInput) => importObject(client, csrf_token, input),
    onSuccess: (_, input) =>
      Promise.all(
        input.objects.map((object) =>
          queryClient.invalidateQueries({ queryKey: objectKeys.detail(client, object.name) }),
        ),
      ),
  });
}
