import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OutComment } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";

/** Longest comment the server takes (InAddCommentBody). */
export const MAX_COMMENT_LENGTH = 1024;

/**
 * POST /api/{client}/executions/{run_id}/comments. 400 with 45150/45151 for a missing or invalid
 * comment, 45149 when the client does not allow comments; 403 without the statistics right.
 */
export function addComment(client: number, csrfToken: string, runId: number, comment: string): Promise<OutComment> {
  return callOperation("postExecutionsRunIdComments", {
    params: { client_id: client, run_id: runId },
    body: { comment },
    csrfToken,
  });
}

/** The answer is appended at once (comments are listed oldest first); the list is read again to be sure. */
export function useAddComment(runId: number) {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  const key = executionKeys.comments(client, runId);
  return useMutation({
    mutationFn: (comment: string) => addComment(client, csrf_token, runId, comment),
    onSuccess: async (added) => {
      queryClient.setQueryData<OutComment[]>(key, (current) => (current === undefined ? current : [...current, added]));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
