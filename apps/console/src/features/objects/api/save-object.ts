import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callOperation, UncheckedBody } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { objectKeys } from "./keys";

export interface SaveObjectInput {
  name: string;
  /** The edited envelope as parsed from the editor. */
  envelope: unknown;
}

/**
 * POST /api/{client}/objects with overwrite: the edited definition replaces the object. The
 * engine checks it whole; a 400 lists each problem with its path in the envelope.
 */
export function saveObject(client: number, csrfToken: string, envelope: unknown): Promise<void> {
  return callOperation("postObjects", { params: { client_id: client }, query: { overwrite_existing_objects: true }, body: new UncheckedBody(envelope), csrfToken });
}

export function useSaveObject() {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ envelope }: SaveObjectInput) => saveObject(client, csrf_token, envelope),
    onSuccess: (_, { name }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: objectKeys.detail(client, name) }), queryClient.invalidateQueries({ queryKey: objectKeys.folders(client) })]),
  });
}
