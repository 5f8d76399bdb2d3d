import { useMemo, type ReactNode } from "react";
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from "react-router";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import Difference from "@mui/icons-material/Difference";
import type { OutRepositoryDiff } from "@baton/contract";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { useDiff } from "../api/get-diff";
import { useMergeObject } from "../api/get-merge-object";
import { useRepository } from "../api/get-repository";
import { isMissingFile, reviewSourceFromSearch, type ReviewSource, type TwoSidedSource } from "../api/review-source";
import { DiffView } from "./diff-view";
import { describeObjectChange, summarizeObjectChange } from "./object-change-summary";
import { ThreeWayView } from "./three-way-view";

/** Attribute paths listed under the summary before "and N more". */
const LISTED_ATTRIBUTES = 12;

/** `FOLDER/A%2FB.json` → `A/B`: the object's name as its file is named. */
function objectNameOfPath(path: string): string {
  const file = path.slice(path.lastIndexOf("/") + 1).replace(/\.json$/, "");
  return file.replaceAll("%2F", "/");
}

/** A ref as people read it: a full commit id shortened, branch names as they are. */
function refLabel(ref: string): string {
  return /^[0-9a-f]{40}$/.test(ref) ? ref.slice(0, 8) : ref;
}

function sideLabels(source: TwoSidedSource, diff: OutRepositoryDiff): [string, string] {
  if (source.kind === "change") return [`HEAD of ${diff.ours.branch || "the active branch"}`, "Current definition in Baton"];
  return [refLabel(source.ours), refLabel(source.theirs)];
}

function ChangeSummary({ diff }: { diff: OutRepositoryDiff }) {
  const summary = useMemo(() => {
    try {
      return summarizeObjectChange(diff.ours.content, diff.theirs.content);
    } catch {
      return null;
    }
  }, [diff]);
  const attributes = summary?.kind === "changed" ? summary.attributesChanged : [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="region" aria-label="Summary of changes">
      <Typography sx={{ fontWeight: 500 }}>{summary ? describeObjectChange(summary) : "A side is not an object definition; compare the texts below."}</Typography>
      {attributes.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, wordBreak: "break-word" }}>
          Attributes: {attributes.slice(0, LISTED_ATTRIBUTES).join(", ")}
          {attributes.length > LISTED_ATTRIBUTES ? ` and ${attributes.length - LISTED_ATTRIBUTES} more` : ""}
        </Typography>
      ) : null}
    </Paper>
  );
}

/** A conflict (or any object) of merging `branch`: its merge base, ours and theirs side by side. */
function MergeReview({ branch, path }: { branch: string; path: string }) {
  const versions = useMergeObject(branch, path);
  const repository = useRepository();
  if (versions.isPending) return <LoadingState label="Loading the three versions…" />;
  if (versions.isError) return <ErrorAlert error={versions.error} context="Could not load the versions to compare" hint="The branch may be gone or merged. Go back to the repository's merge tab." onRetry={() => void versions.refetch()} />;
  return <ThreeWayView versions={versions.data} active={repository.data?.active_branch ?? "active branch"} branch={branch} />;
}

/** A review of a file that is not there: asking again will not bring it, the changes list shows what there is. */
function MissingFile({ path }: { path: string }) {
  return (
    <EmptyState
      icon={<Difference />}
      title={`No such file in the repository: ${path}`}
      action={
        <Button component={RouterLink} to="/repository?tab=changes" variant="outlined">
          Repository changes
        </Button>
      }
    >
      Neither HEAD nor the current definitions hold this file. Open a review from the repository's changes.
    </EmptyState>
  );
}

/** The header comes with the review, so that a missing file is not titled as if there were something to review. */
function Review({ source, header }: { source: TwoSidedSource; header: ReactNode }) {
  const diff = useDiff(source);
  if (diff.isError && isMissingFile(source, diff.error)) return <MissingFile path={source.kind === "change" ? source.path : source.pathTheirs} />;
  if (diff.isPending) return <>{header}<LoadingState label="Loading both versions…" /></>;
  if (diff.isError) return <>{header}<ErrorAlert error={diff.error} context="Could not load the versions to compare" hint="The object, branch or commit may be gone. Go back to the repository and open the review again." onRetry={() => void diff.refetch()} /></>;
  const [oursLabel, theirsLabel] = sideLabels(source, diff.data);
  return (
    <>
      {header}
      <ChangeSummary diff={diff.data} />
      <DiffView ours={diff.data.ours.content} theirs={diff.data.theirs.content} oursLabel={oursLabel} theirsLabel={theirsLabel} />
    </>
  );
}

function subtitleOf(source: ReviewSource): string {
  if (source.kind === "change") return `Uncommitted change of ${source.path}`;
  if (source.kind === "merge") return `${source.path}: three ways for merging ${source.branch}`;
  return `${source.pathTheirs}: ${refLabel(source.ours)} → ${refLabel(source.theirs)}`;
}

/** /repository/review?path=…[&ours=…&theirs=… | &merge=…]: one object's two versions summed up and side by side, or its three versions of a merge. */
export function ReviewPage() {
  const [params] = useSearchParams();
  const source = useMemo(() => reviewSourceFromSearch(params), [params]);
  const navigate = useNavigate();
  const location = useLocation();
  // Back to where the review was opened (its tab and branch), or to the repository on a direct link.
  const back =
    location.key === "default" ? (
      <Button component={RouterLink} to="/repository">
        Repository
      </Button>
    ) : (
      <Button onClick={() => void navigate(-1)}>Back</Button>
    );
  if (source === null) {
    return (
      <EmptyState icon={<Difference />} title="Nothing to review" action={back}>
        The link names no object to compare. Open a review from the repository's changes, log or merge.
      </EmptyState>
    );
  }
  const path = source.kind === "refs" ? source.pathTheirs : source.path;
  const header = <PageHeader title={`Review ${objectNameOfPath(path)}`} subtitle={subtitleOf(source)} actions={back} />;
  if (source.kind !== "merge") return <Review source={source} header={header} />;
  return (
    <>
      {header}
      <MergeReview branch={source.branch} path={source.path} />
    </>
  );
}
