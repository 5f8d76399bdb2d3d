import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import Refresh from "@mui/icons-material/Refresh";
import FilterAltOff from "@mui/icons-material/FilterAltOff";
import PlaylistPlay from "@mui/icons-material/PlaylistPlay";
import { PageHeader } from "../../../components/page-header";
import { ErrorAlert } from "../../../components/error-alert";
import { EmptyState } from "../../../components/empty-state";
import { LoadingState } from "../../../components/loading-state";
import { isApiError } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { useStoredValue, userStorageKey } from "../../../lib/stored-value";
import { activeFilterNames, filtersToSearch } from "../api/execution-filters";
import { useExecutions } from "../api/get-executions";
import { useListTree } from "./use-list-tree";
import { BulkResultAlert } from "./bulk-result-alert";
import { COLUMNS_PURPOSE, parseColumnChoice, visibleColumns } from "./column-choice";
import { ColumnsMenu } from "./columns-menu";
import { ExecutionsFilterBar } from "./executions-filter-bar";
import { ExecutionsTable } from "./executions-table";
import { ListToolbar } from "./list-toolbar";
import type { ListAction } from "./list-shortcuts";
import { useBulkActions } from "./use-bulk-actions";
import { containingPattern, filterRefusal } from "./filter-feedback";
import { useExecutionFilters } from "./use-execution-filters";
import { useListShortcuts } from "./use-list-shortcuts";
import { useRowCursor } from "./use-row-cursor";

// Dialogs are shown only when asked for: their code (and MUI's Dialog) loads just after the page,
// not with it. They are rendered closed from the start, so they are there before anyone opens one.
const BulkConfirmDialog = lazy(async () => ({ default: (await import("./bulk-confirm-dialog")).BulkConfirmDialog }));
const ShortcutsHelpDialog = lazy(async () => ({ default: (await import("./shortcuts-help-dialog")).ShortcutsHelpDialog }));

/** A 400 on the list is about a filter: the server names it, and the user can change it above. */
const FILTER_HINT = "Change or remove the filter the server names; the filters above stay as they are.";

export function ExecutionsPage() {
  const session = useCurrentSession();
  const navigate = useNavigate();
  const controls = useExecutionFilters();
  const { filters, view } = controls;
  const executions = useExecutions(filters, view);
  const rows = executions.data?.rows;
  const total = executions.data?.total ?? rows?.length ?? 0;
  const tree = useListTree(rows, view.showAll);
  const cursor = useRowCursor(tree.executions);
  const bulk = useBulkActions(cursor.selectedRows, cursor.unselect);
  const [chosenColumns, setChosenColumns] = useStoredValue(userStorageKey(COLUMNS_PURPOSE, session), parseColumnChoice);
  // One array per choice: the rows are memoized and re-render only when it changes.
  const columns = useMemo(() => visibleColumns(chosenColumns), [chosenColumns]);
  const [helpOpen, setHelpOpen] = useState(false);
  const filterKey = `${filtersToSearch(filters).toString()}&${view.showAll}`;
  const filtered = activeFilterNames(filters).length > 0;
  const nameRefusal = filterRefusal(executions.error, "name");

  // A selection made under other filters would act on rows no longer in view.
  const { clear } = cursor;
  useEffect(() => clear(), [filterKey, clear]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = executions;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const onShortcut = (action: ListAction) => {
    const focused = cursor.focused;
    const chosen = cursor.selectedRows.length > 0 ? cursor.selectedRows : focused ? [focused] : [];
    if (action === "next") cursor.move(1);
    else if (action === "previous") cursor.move(-1);
    else if (action === "open" && focused) void navigate(`/executions/${focused.run_id}`);
    else if (action === "toggle" && focused) cursor.toggle(focused.run_id, false);
    else if (action === "cancel" || action === "restart") bulk.ask(action, chosen);
    else if (action === "help") setHelpOpen(true);
  };
  useListShortcuts(onShortcut, !helpOpen && bulk.request === null);

  return (
    <>
      <title>Executions · Baton</title>
      <PageHeader
        title="Executions"
        subtitle={view.showAll ? "Every execution, tasks too. Status changes appear live." : "Top-level runs; open a workflow or schedule to see its tasks. Status changes appear live."}
        actions={
          <Button startIcon={<Refresh />} onClick={() => void executions.refetch()} disabled={executions.isFetching}>
            Refresh
          </Button>
        }
      />
      <ExecutionsFilterBar controls={controls} nameRefusal={nameRefusal} />
      {bulk.result ? <BulkResultAlert result={bulk.result} onClose={bulk.dismissResult} /> : null}

      {executions.isPending ? (
        <LoadingState label="Loading executions…" />
      ) : rows === undefined && nameRefusal !== null ? (
        <EmptyState icon={<FilterAltOff />} title="The server refused this name filter">
          Its reason is under the Name field above. Change the name there, or clear it.
        </EmptyState>
      ) : rows === undefined ? (
        <ErrorAlert
          error={executions.error}
          context="Could not load the executions"
          hint={isApiError(executions.error, 400) ? FILTER_HINT : undefined}
          onRetry={() => void executions.refetch()}
        />
      ) : (
        <>
          {executions.isError && !isFetchNextPageError ? (
            <Box sx={{ mb: 2 }}>
              <ErrorAlert error={executions.error} context="Could not refresh the executions" onRetry={() => void executions.refetch()} dense />
            </Box>
          ) : null}
          <ListToolbar
            shown={rows.length}
            total={total}
            showAll={view.showAll}
            onShowAll={(showAll) => controls.setView({ showAll })}
            selected={cursor.selectedRows.length}
            refusals={bulk.refusals}
            onBulk={(action) => bulk.ask(action, cursor.selectedRows)}
            onClearSelection={cursor.clear}
            onHelp={() => setHelpOpen(true)}
            columnsMenu={<ColumnsMenu chosen={chosenColumns} onChange={setChosenColumns} />}
          />
          <Paper variant="outlined" sx={{ overflow: "hidden" }}>
            <Box sx={{ height: 4 }}>{executions.isFetching && !isFetchingNextPage ? <LinearProgress aria-label="Updating the list" /> : null}</Box>
            {rows.length === 0 ? (
              <NoRows filtered={filtered} containing={containingPattern(filters)} onName={(name) => controls.set("name", name)} onClear={controls.clear} />
            ) : (
              <ExecutionsTable
                rows={tree.rows}
                total={total}
                actions={tree.actions}
                sort={view.sort}
                onSort={(sort) => controls.setView({ sort })}
                columns={columns}
                selected={cursor.selected}
                focusedRunId={cursor.focusedRunId}
                focusRequest={cursor.focusRequest}
                onToggle={cursor.toggle}
                onToggleAll={cursor.toggleAll}
                onFocusRow={cursor.focusRow}
                onNearEnd={loadMore}
              />
            )}
          </Paper>
          <Box sx={{ display: "flex", alignItems: "center", gap: 2, mt: 1.5, minHeight: 32 }}>
            {hasNextPage ? (
              <Button size="small" variant="outlined" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                Load more
              </Button>
            ) : rows.length > 0 && rows.length < total ? (
              // The server said there is more but its next page brought nothing new (see nextPageParam).
              <Typography variant="body2" color="text.secondary">
                The server sent no further executions. Narrow the filters (a time frame, a name) to reach older ones.
              </Typography>
            ) : rows.length > 0 ? (
              <Typography variant="body2" color="text.secondary">
                All {rows.length} loaded.
              </Typography>
            ) : null}
            {isFetchNextPageError ? <ErrorAlert error={executions.error} context="Could not load more executions" onRetry={() => void fetchNextPage()} dense /> : null}
          </Box>
        </>
      )}
      {/* Closed dialogs show nothing: neither does the fallback while their code loads. */}
      <Suspense fallback={null}>
        <BulkConfirmDialog request={bulk.request} pending={bulk.pending} onConfirm={bulk.confirm} onClose={bulk.close} />
        <ShortcutsHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      </Suspense>
    </>
  );
}

interface NoRowsProps {
  filtered: boolean;
  /** The pattern of names that contain the name filtered for, when that may find what a whole name did not. */
  containing: string | null;
  onName: (name: string) => void;
  onClear: () => void;
}

function NoRows({ filtered, containing, onName, onClear }: NoRowsProps) {
  if (containing) {
    return (
      <EmptyState
        icon={<FilterAltOff />}
        title="No executions match these filters"
        action={
          <Stack direction="row" spacing={1} sx={{ justifyContent: "center" }}>
            <Button variant="outlined" onClick={() => onName(containing)}>
              Filter by {containing}
            </Button>
            <Button onClick={onClear}>Clear filters</Button>
          </Stack>
        }
      >
        A name without * matches whole names only; {containing} finds every name that contains it.
      </EmptyState>
    );
  }
  if (filtered) {
    return (
      <EmptyState icon={<FilterAltOff />} title="No executions match these filters" action={<Button onClick={onClear}>Clear filters</Button>}>
        Change the filters above, or clear them.
      </EmptyState>
    );
  }
  return (
    <EmptyState icon={<PlaylistPlay />} title="No executions yet">
      Import an object and execute it on the{" "}
      <Link component={RouterLink} to="/objects">
        Objects
      </Link>{" "}
      page; its execution appears here.
    </EmptyState>
  );
}
