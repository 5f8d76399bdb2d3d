import { Suspense, lazy, useId } from "react";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import ArrowBack from "@mui/icons-material/ArrowBack";
import Download from "@mui/icons-material/Download";
import SearchOff from "@mui/icons-material/SearchOff";
import type { OutObject } from "@baton/contract";
import { PageHeader } from "../../../components/page-header";
import { RefreshErrorAlert } from "../../../components/refresh-error-alert";
import { ErrorAlert } from "../../../components/error-alert";
import { EmptyState } from "../../../components/empty-state";
import { LoadingState } from "../../../components/loading-state";
import { MonoBlock } from "../../../components/mono-block";
import { DetailList } from "../../../components/detail-list";
import { RefusalNote } from "../../../components/refusal-note";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { usePermissions, type Refusal } from "../../../lib/permissions";
import { saveFile } from "../../../lib/save-file";
import { replaceSearchParams } from "../../../lib/search-params";
import { useObject } from "../api/get-object";
import { displayFolder, folderUrl, normaliseFolder } from "../api/folder-path";
import { editableText, isExecutable, summarize } from "../api/object-file";
import { ExecuteButton } from "./execute-button";
import { ExecuteOptionsButton } from "./execute-options-button";
import { ObjectUsage } from "./object-usage";
import { TAB_LABELS, chosenTab, defaultTab, tabsFor, type ObjectTab } from "./object-tabs";

// CodeMirror, the graph library and the charts load with their tabs.
const ObjectDefinitionView = lazy(async () => ({ default: (await import("./object-definition-view")).ObjectDefinitionView }));
const ObjectRunsTab = lazy(async () => ({ default: (await import("./object-runs-tab")).ObjectRunsTab }));
const ObjectEditor = lazy(async () => ({ default: (await import("./object-editor")).ObjectEditor }));
const WorkflowGraph = lazy(async () => ({ default: (await import("./workflow-graph")).WorkflowGraph }));

/** Back to the object's folder, or to the objects when it is not known. */
function BackButton({ folder = "" }: { folder?: string }) {
  return (
    <Button component={RouterLink} to={folderUrl(folder)} startIcon={<ArrowBack />}>
      {folder === "" ? "Objects" : displayFolder(folder)}
    </Button>
  );
}

function TabContent({ tab, name, type, object, saveRefusal }: { tab: ObjectTab; name: string; type: string; object: OutObject; saveRefusal: Refusal | undefined }) {
  const body = Object.values(object.data)[0];
  switch (tab) {
    case "definition":
      return body ? <ObjectDefinitionView name={name} body={body} /> : null;
    case "runs":
      return <ObjectRunsTab name={name} type={type} />;
    case "json":
      return <MonoBlock label={`Definition of ${name}`}>{JSON.stringify(object, null, 2)}</MonoBlock>;
    case "edit":
      return <ObjectEditor name={name} object={object} refusal={saveRefusal} />;
    case "workflow":
      return body ? <WorkflowGraph body={body} /> : null;
    case "usage":
      return <ObjectUsage name={name} />;
  }
}

/** `/objects/NAME?tab=definition|workflow|runs|json|edit|usage`: one object, its definition, its runs, what uses it. */
export function ObjectPage() {
  const name = (useParams().name ?? "").toUpperCase();
  const [params, setParams] = useSearchParams();
  const object = useObject(name);
  // What the user may do with it, once its type is known: Execute and Save are off with the reason when the rights do not allow them.
  const loadedType = object.data ? summarize(object.data.data)[0]?.type : undefined;
  const permissions = usePermissions(loadedType === undefined ? [] : [{ type: loadedType, name }], { enabled: loadedType !== undefined });
  const refusalId = useId();

  if (object.isPending) return <LoadingState label={`Loading ${name}…`} />;
  if (object.isLoadingError) {
    if (isApiError(object.error, 404)) {
      return (
        <>
          <title>{`Object ${name} does not exist · Baton`}</title>
          <EmptyState icon={<SearchOff />} title={`Object ${name} does not exist`} action={<BackButton />}>
            There is no object named {name} in this client. Check the name, or import the object on the Objects page.
          </EmptyState>
        </>
      );
    }
    return (
      <>
        <PageHeader title={name} actions={<BackButton />} />
        <ErrorAlert error={object.error} context={`Could not load ${name}`} onRetry={() => void object.refetch()} />
      </>
    );
  }

  const envelope = object.data;
  const [summary] = summarize(envelope.data);
  const title = Object.values(envelope.data)[0]?.general_attributes.title;
  const type = summary?.type ?? "—";
  const folder = normaliseFolder(envelope.path);
  const modified = envelope.modification_details;
  const tab = chosenTab(params.get("tab"), type);
  const refusal = (act: "execute" | "write"): Refusal | undefined => {
    const text = permissions.refusal(act, { type, name });
    return text === undefined ? undefined : { id: `${refusalId}-${act}`, text };
  };
  const executeRefusal = isExecutable(type) ? refusal("execute") : undefined;

  return (
    <>
      <title>{`${name} · Baton`}</title>
      <PageHeader
        title={name}
        subtitle={typeof title === "string" && title !== "" ? title : undefined}
        actions={
          <>
            {isExecutable(type) ? <ExecuteButton objectName={name} refusal={executeRefusal} /> : null}
            {isExecutable(type) ? <ExecuteOptionsButton objectName={name} refusal={executeRefusal} /> : null}
            <Button startIcon={<Download />} onClick={() => saveFile(`${name}.json`, editableText(envelope), "application/json")}>
              Download JSON
            </Button>
            <BackButton folder={folder} />
          </>
        }
      />
      <RefreshErrorAlert query={object} what={name} />
      {executeRefusal ? (
        <Box sx={{ mb: 2 }}>
          <RefusalNote refusal={executeRefusal} />
        </Box>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2.5, mb: 2 }} component="section" aria-label="Object">
        <DetailList
          items={[
            { label: "Type", value: type },
            {
              label: "Folder",
              value: (
                <Link component={RouterLink} to={folderUrl(folder)}>
                  {displayFolder(folder)}
                </Link>
              ),
            },
            { label: "Modified", value: modified ? `${formatDateTime(modified.modified_at)} by ${modified.modified_by}` : "—" },
            { label: "Created", value: modified ? `${formatDateTime(modified.created_at)} by ${modified.created_by}` : "—" },
          ]}
        />
      </Paper>
      <Paper variant="outlined" component="section" aria-label="Definition">
        <Tabs value={tab} onChange={(_, next: ObjectTab) => replaceSearchParams(setParams, { tab: next === defaultTab(type) ? null : next })} aria-label="Object views" sx={{ px: 1, borderBottom: 1, borderColor: "divider" }}>
          {tabsFor(type).map((value) => (
            <Tab key={value} value={value} label={TAB_LABELS[value]} />
          ))}
        </Tabs>
        <Paper elevation={0} sx={{ p: 2.5 }} role="tabpanel" aria-label={TAB_LABELS[tab]}>
          <Suspense fallback={<LoadingState label="Loading…" />}>
            <TabContent tab={tab} name={name} type={type} object={envelope} saveRefusal={refusal("write")} />
          </Suspense>
        </Paper>
      </Paper>
    </>
  );
}
