import { useEffect, useRef, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import InputAdornment from "@mui/material/InputAdornment";
import Search from "@mui/icons-material/Search";
import Refresh from "@mui/icons-material/Refresh";
import FilterAltOff from "@mui/icons-material/FilterAltOff";
import PlaylistPlay from "@mui/icons-material/PlaylistPlay";
import { PageHeader } from "../../../components/page-header";
import { ErrorAlert } from "../../../components/error-alert";
import { EmptyState } from "../../../components/empty-state";
import { LoadingState } from "../../../components/loading-state";
import { useExecutions } from "../api/get-executions";
import type { ExecutionListFilters } from "../api/keys";
import { ExecutionsTable } from "./executions-table";

const PAGE_SIZE = 50;
const MAX_LIMIT = 1000;
const NAME_DEBOUNCE_MS = 350;

/** Status filter presets; the value goes to the API as it is. */
const STATUS_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "", label: "Any status" },
  { value: "1300-1799", label: "Not ended (1300–1799)" },
  { value: "1682-1710", label: "Waiting (1682–1710)" },
  { value: "1560,1562", label: "Blocked (1560, 1562)" },
  { value: "1800-1899", label: "Aborted (1800–1899)" },
  { value: "1900-1999", label: "Ended OK (1900–1999)" },
];

function readFilters(params: URLSearchParams): ExecutionListFilters {
  const limit = Number(params.get("limit"));
  return {
    name: params.get("name") ?? "",
    status: params.get("status") ?? "",
    maxResults: Number.isInteger(limit) && limit >= 1 && limit <= MAX_LIMIT ? limit : PAGE_SIZE,
  };
}

export function ExecutionsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const executions = useExecutions(filters);
  const [nameInput, setNameInput] = useState(filters.name);
  const writtenName = useRef(filters.name);

  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "") next.delete(key);
        else next.set(key, value);
        if (key !== "limit") next.delete("limit");
        return next;
      },
      { replace: true },
    );

  const applyName = (value: string) => {
    writtenName.current = value;
    setParam("name", value);
  };

  // The URL is the truth: when it changes from outside (back/forward, clear), the field follows.
  useEffect(() => {
    if (filters.name !== writtenName.current) {
      writtenName.current = filters.name;
      setNameInput(filters.name);
    }
  }, [filters.name]);

  useEffect(() => {
    const value = nameInput.trim();
    if (value === writtenName.current) return;
    const timer = setTimeout(() => applyName(value), NAME_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });

  const filtered = filters.name !== "" || filters.status !== "";
  const statusOptions = STATUS_OPTIONS.some((o) => o.value === filters.status)
    ? STATUS_OPTIONS
    : [...STATUS_OPTIONS, { value: filters.status, label: `Custom: ${filters.status}` }];
  const list = executions.data;

  return (
    <>
      <title>Executions · Baton</title>
      <PageHeader
        title="Executions"
        subtitle="Newest first. Status changes appear live."
        actions={
          <Button startIcon={<Refresh />} onClick={() => void executions.refetch()} disabled={executions.isFetching}>
            Refresh
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box component="form" role="search" aria-label="Filter executions" onSubmit={(e) => e.preventDefault()} sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
          <TextField
            label="Name"
            size="small"
            value={nameInput}
            onChange={(e) => setNameInput(e.target.value.toUpperCase())}
            onKeyDown={(e) => {
              if (e.key === "Enter") applyName(nameInput.trim());
            }}
            placeholder="e.g. NIGHTLY.*"
            helperText="* matches any characters"
            sx={{ minWidth: 260 }}
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
          <TextField
            select
            label="Status"
            size="small"
            value={filters.status}
            onChange={(e) => setParam("status", e.target.value)}
            sx={{ minWidth: 240 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            {statusOptions.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          {filtered ? (
            <Button startIcon={<FilterAltOff />} onClick={() => setParams({}, { replace: true })} sx={{ mt: 0.25 }}>
              Clear filters
            </Button>
          ) : null}
        </Box>
      </Paper>

      {executions.isPending ? (
        <LoadingState label="Loading executions…" />
      ) : executions.isError && list === undefined ? (
        <ErrorAlert error={executions.error} context="Could not load the executions" onRetry={() => void executions.refetch()} />
      ) : list === undefined ? null : (
        <>
          {executions.isError ? (
            <Box sx={{ mb: 2 }}>
              <ErrorAlert error={executions.error} context="Could not refresh the executions" onRetry={() => void executions.refetch()} dense />
            </Box>
          ) : null}
          <Paper variant="outlined" sx={{ overflow: "hidden" }}>
            <Box sx={{ height: 4 }}>{executions.isFetching && executions.isPlaceholderData ? <LinearProgress aria-label="Updating the list" /> : null}</Box>
            {list.data.length === 0 ? (
              filtered ? (
                <EmptyState
                  icon={<FilterAltOff />}
                  title="No executions match these filters"
                  action={<Button onClick={() => setParams({}, { replace: true })}>Clear filters</Button>}
                >
                  Change the name pattern or the status, or clear the filters.
                </EmptyState>
              ) : (
                <EmptyState icon={<PlaylistPlay />} title="No executions yet">
                  Import an object and execute it on the{" "}
                  <Link component={RouterLink} to="/objects">
                    Objects
                  </Link>{" "}
                  page; its execution appears here.
                </EmptyState>
              )
            ) : (
              <ExecutionsTable executions={list.data} />
            )}
          </Paper>
          {list.data.length > 0 ? (
            <Box sx={{ display: "flex", alignItems: "center", gap: 2, mt: 1.5 }}>
              <Typography variant="body2" color="text.secondary" role="status">
                Showing {list.data.length} of {list.total} execution{list.total === 1 ? "" : "s"}
              </Typography>
              {list.hasmore && filters.maxResults < MAX_LIMIT ? (
                <Button size="small" onClick={() => setParam("limit", String(Math.min(MAX_LIMIT, filters.maxResults + PAGE_SIZE)))}>
                  Show more
                </Button>
              ) : null}
            </Box>
          ) : null}
        </>
      )}
    </>
  );
}
