import { Link as RouterLink, useParams } from "react-router";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import ArrowBack from "@mui/icons-material/ArrowBack";
import Download from "@mui/icons-material/Download";
import SearchOff from "@mui/icons-material/SearchOff";
import type { OutObject } from "@baton/contract";
import { PageHeader } from "../../../components/page-header";
import { ErrorAlert } from "../../../components/error-alert";
import { EmptyState } from "../../../components/empty-state";
import { LoadingState } from "../../../components/loading-state";
import { MonoBlock } from "../../../components/mono-block";
import { DetailList } from "../../../components/detail-list";
import { isApiError } from "../../../lib/api-client";
import { useObject } from "../api/get-object";
import { isExecutable, summarize } from "../api/object-file";
import { ExecuteButton } from "./execute-button";

const backButton = (
  <Button component={RouterLink} to="/objects" startIcon={<ArrowBack />}>
    Back to objects
  </Button>
);

function download(name: string, object: OutObject) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(object, null, 2)], { type: "application/json" }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = `${name}.json`;
  anchor.click();
  URL.revokeObjectURL(url);
}

function folderOf(path: string): string {
  const trimmed = path.replace(/\//g, "\\");
  if (trimmed === "" || trimmed === "\\") return "\\ (root)";
  return trimmed.startsWith("\\") ? trimmed : `\\${trimmed}`;
}

export function ObjectPage() {
  const name = (useParams().name ?? "").toUpperCase();
  const object = useObject(name);

  if (object.isPending) return <LoadingState label={`Loading ${name}…`} />;
  if (object.isError) {
    if (isApiError(object.error, 404)) {
      return (
        <>
          <title>{`Object ${name} does not exist · Baton`}</title>
          <EmptyState icon={<SearchOff />} title={`Object ${name} does not exist`} action={backButton}>
            There is no object named {name} in this client. Check the name, or import the object on the Objects page.
          </EmptyState>
        </>
      );
    }
    return (
      <>
        <PageHeader title={name} actions={backButton} />
        <ErrorAlert error={object.error} context={`Could not load ${name}`} onRetry={() => void object.refetch()} />
      </>
    );
  }

  const envelope = object.data;
  const [summary] = summarize(envelope.data);
  const body = Object.values(envelope.data)[0];
  const title = body?.general_attributes.title;
  const type = summary?.type ?? "—";

  return (
    <>
      <title>{`${name} · Baton`}</title>
      <PageHeader
        title={name}
        subtitle={typeof title === "string" && title !== "" ? title : undefined}
        actions={
          <>
            {isExecutable(type) ? <ExecuteButton objectName={name} /> : null}
            <Button startIcon={<Download />} onClick={() => download(name, envelope)}>
              Download JSON
            </Button>
            {backButton}
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: 2.5, mb: 2 }} component="section" aria-label="Object">
        <DetailList
          items={[
            { label: "Name", value: summary?.name ?? name },
            { label: "Type", value: type },
            { label: "Folder", value: folderOf(envelope.path) },
            { label: "Title", value: typeof title === "string" && title !== "" ? title : "—" },
          ]}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-labelledby="definition-heading">
        <Typography variant="h2" id="definition-heading" sx={{ mb: 1.5 }}>
          Definition
        </Typography>
        <MonoBlock label={`Definition of ${name}`}>{JSON.stringify(envelope, null, 2)}</MonoBlock>
      </Paper>
    </>
  );
}
