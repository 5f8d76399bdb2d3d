import { useId, useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { ErrorCode, type OutExecution } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { RefusalNote } from "../../../components/refusal-note";
import { isApiError } from "../../../lib/api-client";
import { usePermissions } from "../../../lib/permissions";
import { MAX_COMMENT_LENGTH, useAddComment } from "../api/add-comment";
import { useComments } from "../api/get-comments";

/** What to do about a refused comment, beyond the server's words. */
function hintFor(error: unknown): string | undefined {
  if (isApiError(error, 400) && error.hasCode(ErrorCode.COMMENT_CLIENT_NOT_ALLOWED)) {
    return "Comments are switched off for this client (EXECUTION_COMMENTS in UC_CLIENT_SETTINGS). Ask an administrator.";
  }
  return undefined;
}

/**
 * The execution's comments, oldest first, and a form to add one. Writing a comment needs the cancel
 * right on the run's object as well (the vendor's modification at runtime): without it the form is
 * off, saying why.
 */
export function CommentsSection({ execution }: { execution: Pick<OutExecution, "run_id" | "type" | "name"> }) {
  const runId = execution.run_id;
  const comments = useComments(runId);
  const add = useAddComment(runId);
  const [draft, setDraft] = useState("");
  const tooLong = draft.length > MAX_COMMENT_LENGTH;
  const object = { type: execution.type, name: execution.name };
  const refusalText = usePermissions([object]).refusal("cancel", object, "comment on executions of");
  const refusalId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === "" || tooLong) return;
    add.mutate(draft, { onSuccess: () => setDraft("") });
  };

  return (
    <Box>
      {comments.isPending ? (
        <LoadingState label="Loading comments…" />
      ) : comments.isError ? (
        <ErrorAlert error={comments.error} context="Could not load the comments" onRetry={() => void comments.refetch()} dense />
      ) : comments.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          No comments yet. Note here what you found or did, for whoever looks next.
        </Typography>
      ) : (
        <List aria-label="Comments" dense disablePadding>
          {comments.data.map((comment, index) => (
            <ListItem key={`${comment.timestamp}-${index}`} divider sx={{ display: "block", px: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {comment.user ?? "unknown user"} · <DateTime value={comment.timestamp} />
              </Typography>
              <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{comment.comment === "" ? "(empty)" : comment.comment}</Typography>
            </ListItem>
          ))}
        </List>
      )}
      <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2, display: "grid", gap: 1, maxWidth: 720 }}>
        {refusalText !== undefined ? <RefusalNote refusal={{ id: refusalId, text: refusalText }} /> : null}
        <TextField
          label="New comment"
          disabled={refusalText !== undefined}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          multiline
          minRows={2}
          error={tooLong}
          helperText={tooLong ? `At most ${MAX_COMMENT_LENGTH} characters; remove ${draft.length - MAX_COMMENT_LENGTH}.` : `${draft.length} / ${MAX_COMMENT_LENGTH}`}
        />
        {add.isError ? <ErrorAlert error={add.error} context="The comment was not added" hint={hintFor(add.error)} dense /> : null}
        <Box>
          <Button type="submit" variant="contained" loading={add.isPending} disabled={draft.trim() === "" || tooLong || refusalText !== undefined} aria-describedby={refusalText !== undefined ? refusalId : undefined}>
            Add comment
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
