import { useCallback, useMemo } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import TablePagination from "@mui/material/TablePagination";
import Typography from "@mui/material/Typography";
import ManageSearch from "@mui/icons-material/ManageSearch";
import SearchOff from "@mui/icons-material/SearchOff";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { isApiError } from "../../../lib/api-client";
import { useExecuteObject } from "../../../lib/execute-object";
import { NO_PROBLEMS, problemsByRow } from "../api/search-errors";
import { useSearchObjects } from "../api/search-objects";
import { PAGE_SIZES, filtersKeyOf, listsCalendarEvents, searchToBody, type FilterRow } from "../api/search-url";
import { ExecuteOutcome } from "./execute-outcome";
import { FilterBuilder } from "./filter-builder";
import { ResultsTable } from "./results-table";
import { SortMenu } from "./sort-menu";
import { useFilterDraft } from "./use-filter-draft";
import { useSearchAsYouType } from "./use-search-as-you-type";
import { useSearchState } from "./use-search-state";

export function SearchPage() {
  const { search, filtersKey, submit, submitTyped, setSort, setPage, clear } = useSearchState();
  const body = useMemo(() => searchToBody(search), [search]);
  const results = useSearchObjects(body);
  const draft = useFilterDraft(search.rows, filtersKey);
  const { sending } = draft;
  const draftRows = useMemo(() => draft.rows.map((entry) => entry.row), [draft.rows]);
  const sendTyped = useCallback(
    (rows: FilterRow[], key: string) => {
      sending(key);
      submitTyped(rows);
    },
    [sending, submitTyped],
  );
  useSearchAsYouType(draftRows, filtersKey, sendTyped);
  const execution = useExecuteObject();
  // A 400 names the filters it refuses (`filters[1].object_types`): they are shown at their rows.
  const refused = results.isError && isApiError(results.error, 400) ? results.error : null;
  const problems = useMemo(() => (refused ? problemsByRow(refused.problems) : NO_PROBLEMS), [refused]);
  const page = results.data;

  return (
    <>
      <title>Search · Baton</title>
      <PageHeader title="Search" subtitle="Find objects by name, type, folder, text and more; results follow as you type. The address holds the whole search: share it or reload it." />
      <FilterBuilder
        draft={draft}
        problems={problems}
        // Search again with the same filters: the URL stays, the server is asked again.
        onSearch={(rows) => {
          const key = filtersKeyOf(rows);
          if (key !== filtersKey) sending(key);
          if (!submit(rows)) void results.refetch();
        }}
        onClear={clear}
      />
      {problems.general.length > 0 || (results.isError && !refused) ? (
        <Box sx={{ mb: 2 }}>
          <ErrorAlert error={results.error} context="The search could not run" onRetry={refused ? undefined : () => void results.refetch()} />
        </Box>
      ) : refused ? (
        <Typography role="alert" color="error" sx={{ mb: 2 }}>
          The server refused the search: see the filters marked “Refused”.
        </Typography>
      ) : null}
      <Box sx={{ mb: 1 }}>
        <ExecuteOutcome execution={execution} onClose={execution.reset} />
      </Box>
      {body === undefined ? (
        <EmptyState icon={<ManageSearch />} title="Nothing searched yet">
          Type a part of an object&apos;s name above (<code>EXTRACT</code> finds <code>DAILY.EXTRACT.1</code>), or a pattern such as <code>NIGHTLY.*</code>, or add a filter.
        </EmptyState>
      ) : results.isPending ? (
        <LoadingState label="Searching…" />
      ) : page === undefined ? null : (
        <Paper variant="outlined" sx={{ overflow: "hidden" }}>
          <Box sx={{ height: 4 }}>{results.isFetching ? <LinearProgress aria-label="Searching" /> : null}</Box>
          <Box sx={{ display: "flex", alignItems: "center", gap: 2, px: 2, py: 1, flexWrap: "wrap" }}>
            <Typography role="status" sx={{ flex: 1 }}>
              {page.total === 1 ? "1 result" : `${page.total.toLocaleString()} results`}
            </Typography>
            <SortMenu sort={search.sort} onSort={setSort} />
          </Box>
          {page.data.length === 0 ? (
            <EmptyState icon={<SearchOff />} title={page.total === 0 ? "Nothing matches these filters" : "No results on this page"} action={page.total > 0 ? <Button onClick={() => setPage(0, search.maxResults)}>First page</Button> : undefined}>
              {page.total === 0 ? "Loosen a filter: a wildcard (*), fewer words, another type or folder." : null}
            </EmptyState>
          ) : (
            <ResultsTable items={page.data} events={listsCalendarEvents(search)} sort={search.sort} onSort={setSort} onExecute={(name) => execution.mutate(name)} executing={execution.isPending ? (execution.variables ?? null) : null} />
          )}
          <TablePagination
            component="div"
            count={page.total}
            page={Math.floor(search.startAt / search.maxResults)}
            rowsPerPage={search.maxResults}
            rowsPerPageOptions={pageSizes(search.maxResults)}
            onPageChange={(_, next) => setPage(next * search.maxResults, search.maxResults)}
            onRowsPerPageChange={(event) => setPage(0, Number(event.target.value))}
            labelRowsPerPage="Results per page"
          />
        </Paper>
      )}
    </>
  );
}

/** The usual page sizes, and the one of a link that asked for another. */
function pageSizes(current: number): number[] {
  return PAGE_SIZES.some((size) => size === current) ? [...PAGE_SIZES] : [...PAGE_SIZES, current].sort((a, b) => a - b);
}
