import Paper from "@mui/material/Paper";
import type { OutRepo } from "@baton/contract";
import { DetailList } from "../../../components/detail-list";
import { CommitId } from "./commit-id";

/** Branch, head and state in words; the merge in progress is named, not only coloured. */
export function RepositoryStatus({ repository }: { repository: OutRepo }) {
  const state = repository.status === "merging" ? `Merging ${repository.merge?.branch_name ?? "a branch"}` : "Ready";
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="region" aria-label="Repository status">
      <DetailList
        items={[
          { label: "Active branch", value: repository.active_branch },
          { label: "Head", value: <CommitId id={repository.head_commit} /> },
          { label: "State", value: state },
          { label: "Remote", value: repository.repository_url },
        ]}
      />
    </Paper>
  );
}
