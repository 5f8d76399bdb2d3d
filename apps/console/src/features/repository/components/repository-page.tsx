import { useState } from "react";
import { useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import CloudDownloadOutlined from "@mui/icons-material/CloudDownloadOutlined";
import type { OutRepo, OutRepositoryPull } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { useRepository } from "../api/get-repository";
import { BranchesTab } from "./branches-tab";
import { ChangesTab } from "./changes-tab";
import { InitRepositoryForm } from "./init-repository-form";
import { LogTab } from "./log-tab";
import { MergeBanner } from "./merge-banner";
import { MergeTab } from "./merge-tab";
import { PullDialog, PullResult } from "./pull-dialog";
import { RepositoryStatus } from "./repository-status";
import { REPOSITORY_TABS, TAB_LABELS, chosenTab, type RepositoryTab } from "./repository-tabs";

function TabContent({ tab, repository }: { tab: RepositoryTab; repository: OutRepo }) {
  if (tab === "log") return <LogTab repository={repository} />;
  if (tab === "branches") return <BranchesTab repository={repository} />;
  if (tab === "merge") return <MergeTab repository={repository} />;
  return <ChangesTab repository={repository} />;
}

function RepositoryScreen({ repository }: { repository: OutRepo }) {
  const [params, setParams] = useSearchParams();
  const tab = chosenTab(params.get("tab"));
  const [pulling, setPulling] = useState(false);
  const [pulled, setPulled] = useState<OutRepositoryPull | null>(null);
  return (
    <>
      <PageHeader
        title="Repository"
        subtitle={`Object definitions versioned in Git, on ${repository.active_branch}.`}
        actions={
          <Button startIcon={<CloudDownloadOutlined />} onClick={() => setPulling(true)} disabled={repository.status === "merging"}>
            Pull
          </Button>
        }
      />
      <RepositoryStatus repository={repository} />
      {repository.merge ? <MergeBanner key={repository.merge.commit_id} repository={repository} merge={repository.merge} /> : null}
      {pulled ? (
        <Alert severity="success" onClose={() => setPulled(null)} sx={{ mb: 2 }}>
          <PullResult result={pulled} />
        </Alert>
      ) : null}
      {/* Each tab keeps only its own parameters: the branch of the log is not the branch to merge. */}
      <Tabs value={tab} onChange={(_e, value: RepositoryTab) => setParams(value === "changes" ? {} : { tab: value }, { replace: true })} sx={{ mb: 2 }} aria-label="Repository views">
        {REPOSITORY_TABS.map((name) => (
          <Tab key={name} value={name} label={TAB_LABELS[name]} />
        ))}
      </Tabs>
      <TabContent tab={tab} repository={repository} />
      {pulling ? (
        <PullDialog
          branch={repository.active_branch}
          onClose={() => setPulling(false)}
          onPulled={(result) => {
            setPulling(false);
            setPulled(result);
          }}
        />
      ) : null}
    </>
  );
}

/** /repository: the client's Git repository (?tab= changes | log | branches | merge), or the form that connects one. */
export function RepositoryPage() {
  const repository = useRepository();
  if (repository.isPending) return <LoadingState label="Loading the repository…" />;
  if (repository.isError) return <ErrorAlert error={repository.error} context="Could not load the repository" onRetry={() => void repository.refetch()} />;
  if (repository.data === null) {
    return (
      <>
        <PageHeader title="Repository" subtitle="Version the object definitions of this client in Git." />
        <InitRepositoryForm />
      </>
    );
  }
  return <RepositoryScreen repository={repository.data} />;
}
