import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { useMergeObject } from "../api/get-merge-object";
import { CodePane } from "./code-pane";
import { ThreeWayView } from "./three-way-view";

interface ConflictResolverProps {
  /** The branch being merged and the active branch. */
  branch: string;
  active: string;
  path: string;
  /** The result chosen earlier for this conflict, if any: the editor starts from it. */
  edited: string | undefined;
  /** Takes the edited text as this conflict's resolution. */
  onUse: (text: string) => void;
}

/** Why `text` cannot be an object file, or undefined when it parses as one JSON object. */
function jsonProblem(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? undefined : "The result must be a JSON object such as {\"jobs\": {…}}.";
  } catch (error) {
    return `The result is not JSON yet: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * One conflict resolved by hand: the base, ours and theirs side by side, and an editable result
 * (started from ours or theirs, changes against ours marked). The server checks the result is a
 * valid definition of this object when the merge is completed; here only that it is JSON.
 */
export function ConflictResolver({ branch, active, path, edited, onUse }: ConflictResolverProps) {
  const versions = useMergeObject(branch, path);
  // The editor is made anew from `start` when the user starts over from a side.
  const [start, setStart] = useState<{ text: string; version: number } | null>(edited === undefined ? null : { text: edited, version: 0 });
  const [text, setText] = useState(edited);
  if (versions.isPending) return <LoadingState label="Loading the base, ours and theirs…" />;
  if (versions.isError) return <ErrorAlert error={versions.error} context="Could not load the versions of this conflict" onRetry={() => void versions.refetch()} />;
  const ours = versions.data.ours.content;
  const begin = start ?? { text: ours, version: 0 };
  const current = text ?? begin.text;
  const problem = jsonProblem(current);
  const startFrom = (from: string) => {
    setStart({ text: from, version: begin.version + 1 });
    setText(from);
  };
  return (
    <Box sx={{ mt: 1, mb: 2 }}>
      <ThreeWayView versions={versions.data} active={active} branch={branch} />
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 2, mb: 0.5, flexWrap: "wrap" }}>
        <Typography component="h3" variant="subtitle2" sx={{ flex: 1 }}>
          Result{" "}
          <Typography component="span" variant="caption" color="text.secondary">
            editable; changes against ours ({active}) marked
          </Typography>
        </Typography>
        <Button size="small" onClick={() => startFrom(ours)}>
          Start from ours
        </Button>
        <Button size="small" onClick={() => startFrom(versions.data.theirs.content)} disabled={!versions.data.theirs.exists}>
          Start from theirs
        </Button>
      </Stack>
      <CodePane key={begin.version} doc={begin.text} original={ours} label={`Merged result of ${path}`} onChange={setText} maxHeight="40vh" />
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mt: 1 }}>
        <Button variant="outlined" disabled={problem !== undefined} onClick={() => onUse(current)}>
          Use this result
        </Button>
        <Typography variant="body2" color={problem ? "error" : "text.secondary"} role="status">
          {problem ?? (current === edited ? "This result is chosen for the conflict." : "JSON is well formed; the server checks the definition when the merge is completed.")}
        </Typography>
      </Stack>
    </Box>
  );
}
