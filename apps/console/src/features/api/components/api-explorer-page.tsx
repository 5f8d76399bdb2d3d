import { useCallback, useDeferredValue, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Download from "@mui/icons-material/Download";
import Search from "@mui/icons-material/Search";
import SearchOff from "@mui/icons-material/SearchOff";
import { OPENAPI_URL, useOpenApiDocument } from "../api/get-openapi-document";
import type { OpenApiDocument } from "../api/openapi-document";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { replaceSearchParams } from "../../../lib/search-params";
import { explorerStateOf } from "./explorer-search";
import { UNTAGGED, filterNames, groupByTag, matchesFilter, type TagGroup } from "./operation-filter";
import { OperationRow, operationDomId } from "./operation-row";
import { SchemaDialog } from "./schema-dialog";
import { SchemaLink } from "./schema-link";

interface TagSectionProps {
  group: TagGroup;
  document: OpenApiDocument;
  openId: string | null;
  onToggle: (id: string, expanded: boolean) => void;
  /** An operation finished opening. */
  onOpened: (id: string) => void;
}

function TagSection({ group, document, openId, onToggle, onOpened }: TagSectionProps) {
  const headingId = `tag-${group.tag}`.replace(/[^A-Za-z0-9_-]/g, "_");
  const count = group.operations.length;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 1.5, mb: 1, flexWrap: "wrap" }}>
        <Typography variant="h2" id={headingId}>
          {group.tag}
        </Typography>
        <Typography component="span" sx={{ color: "text.secondary", fontSize: "0.85rem" }}>
          {count === 1 ? "1 operation" : `${count} operations`}
        </Typography>
        {group.description ? <Typography sx={{ color: "text.secondary", flexBasis: "100%" }}>{group.description}</Typography> : null}
      </Box>
      <Box sx={{ bgcolor: "background.paper", borderRadius: 1 }}>
        {group.operations.map((operation) => (
          <OperationRow
            key={operation.id}
            operation={operation}
            tag={group.tag}
            schemas={document.schemas}
            expanded={openId === operation.id}
            onToggle={(expanded) => onToggle(operation.id, expanded)}
            onOpened={() => onOpened(operation.id)}
          />
        ))}
      </Box>
    </Box>
  );
}

function SchemasSection({ names, total }: { names: readonly string[]; total: number }) {
  return (
    <Box component="section" aria-labelledby="schemas-heading" sx={{ mt: 4 }}>
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 1.5, mb: 1, flexWrap: "wrap" }}>
        <Typography variant="h2" id="schemas-heading">
          Schemas
        </Typography>
        <Typography component="span" sx={{ color: "text.secondary", fontSize: "0.85rem" }}>
          {names.length === total ? `${total} named shapes` : `${names.length} of ${total} match the filter`}
        </Typography>
      </Box>
      {names.length === 0 ? (
        <Typography color="text.secondary">No schema name matches the filter.</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Schemas"
          sx={{ m: 0, p: 2, display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))", columnGap: 2, rowGap: 0.75, bgcolor: "background.paper", border: 1, borderColor: "divider", borderRadius: 1 }}
        >
          {names.map((name) => (
            <Box component="li" key={name} sx={{ listStyle: "none", minWidth: 0 }}>
              <SchemaLink name={name} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

function Explorer({ document }: { document: OpenApiDocument }) {
  const [params, setParams] = useSearchParams();
  const state = explorerStateOf(params);
  const filter = useDeferredValue(state.q);
  const operations = document.operations.filter((op) => matchesFilter(op, filter));
  const groups = groupByTag(operations, document.tags);
  const schemaNames = Object.keys(document.schemas);
  // The operation opened by the accordion itself is in view already; one opened by a shared link
  // or a schema's "Used by" link is scrolled to, and again once it has opened: the one that
  // closed above it meanwhile moved it.
  const toggled = useRef<string | null>(null);
  const scrollTo = useCallback(
    (id: string) => {
      if (id === toggled.current) return;
      const open = document.operations.find((op) => op.id === id);
      if (open) window.document.getElementById(operationDomId(open, open.tags[0] ?? UNTAGGED))?.scrollIntoView({ block: "start" });
    },
    [document],
  );
  useEffect(() => {
    if (state.op !== null) scrollTo(state.op);
  }, [scrollTo, state.op]);
  const toggle = (id: string, expanded: boolean) => {
    toggled.current = expanded ? id : null;
    replaceSearchParams(setParams, { op: expanded ? id : null });
  };

  return (
    <>
      <Box role="search" aria-label="Filter operations" sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap", mb: 3 }}>
        <TextField
          size="small"
          label="Filter"
          placeholder="Path, summary, tag or operationId"
          value={state.q}
          onChange={(event) => replaceSearchParams(setParams, { q: event.target.value || null })}
          sx={{ flex: "1 1 320px", maxWidth: 560 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography role="status" sx={{ color: "text.secondary", fontSize: "0.9rem" }}>
          {operations.length === document.operations.length ? `${operations.length} operations` : `${operations.length} of ${document.operations.length} operations`}
        </Typography>
      </Box>
      {groups.length === 0 ? (
        <EmptyState icon={<SearchOff />} title={`No operation matches "${state.q}"`} action={<Button onClick={() => replaceSearchParams(setParams, { q: null })}>Clear the filter</Button>}>
          The filter looks in each operation&apos;s path, summary, tag and operationId.
        </EmptyState>
      ) : (
        groups.map((group) => (
          <TagSection key={group.tag} group={group} document={document} openId={state.op} onToggle={toggle} onOpened={scrollTo} />
        ))
      )}
      <SchemasSection names={filterNames(schemaNames, filter)} total={schemaNames.length} />
      <SchemaDialog name={state.schema} document={document} />
    </>
  );
}

/**
 * /api-explorer: the engine's REST interface as its OpenAPI document describes it, operations by
 * tag with their parameters, bodies and responses, and "Try it" through the console's session.
 */
export function ApiExplorerPage() {
  const document = useOpenApiDocument();
  const info = document.data?.info;
  return (
    <>
      <title>API explorer · Baton</title>
      <PageHeader
        title="API explorer"
        subtitle={info ? `${info.title} ${info.version} · OpenAPI ${document.data?.openapi ?? ""}. Requests are sent with your session, through /api.` : "The engine's REST interface, from its OpenAPI document."}
        actions={
          <Button component="a" href={OPENAPI_URL} download="openapi.json" variant="outlined" startIcon={<Download />}>
            Download openapi.json
          </Button>
        }
      />
      {info?.description ? <Typography sx={{ color: "text.secondary", mb: 2, maxWidth: 900 }}>{info.description}</Typography> : null}
      {document.isPending ? <LoadingState label="Reading the OpenAPI document…" /> : null}
      {document.error ? <ErrorAlert error={document.error} context="Could not read the OpenAPI document" onRetry={() => void document.refetch()} /> : null}
      {document.data ? <Explorer document={document.data} /> : null}
    </>
  );
}
