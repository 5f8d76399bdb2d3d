import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router";
import type { OutExecution } from "@baton/contract";
import { Providers } from "../../../../apps/console/src/app/providers";
import { DEFAULT_COLUMNS, visibleColumns } from "../../../../apps/console/src/features/executions/components/column-choice";
import { ExecutionsTable } from "../../../../apps/console/src/features/executions/components/executions-table";
import { useRowCursor } from "../../../../apps/console/src/features/executions/components/use-row-cursor";
import { measureScroll, scrollRun } from "../scroll-probe";

const OBJECTS = 1000;
const columns = visibleColumns(DEFAULT_COLUMNS);
const allLoaded = () => undefined;

/** A time as the REST API writes it: UTC, whole seconds. */
const wireTime = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/**
 * Newest first, as the list shows them and as the API answers: type codes, top-level runs with
 * parent 0; mostly ended OK, some failed, one in fifty still running.
 */
function executions(count: number): OutExecution[] {
  const newest = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const activation = newest - i * 60_000;
    const running = i % 50 === 0;
    const failed = !running && i % 17 === 0;
    const runtime = 5 + (i % 600);
    return {
      name: `BENCH.JOB.${String(i % OBJECTS).padStart(4, "0")}`,
      type: i % 10 === 0 ? "JOBP" : "JOBS",
      queue: "CLIENT_QUEUE",
      run_id: 1_000_000 + count - i,
      status: running ? 1550 : failed ? 1800 : 1900,
      status_text: running ? "Active" : failed ? "ENDED_NOT_OK - aborted" : "ENDED_OK - ended normally",
      activation_time: wireTime(activation),
      start_time: wireTime(activation + 2_000),
      ...(running ? {} : { end_time: wireTime(activation + 2_000 + runtime * 1000), runtime }),
      agent: `AGENT${i % 8}`,
      user: "ADMIN/ADMIN",
      parent: 0,
    };
  });
}

function ExecutionsList({ rows }: { rows: readonly OutExecution[] }) {
  const cursor = useRowCursor(rows);
  return (
    <ExecutionsTable
      rows={rows}
      total={rows.length}
      columns={columns}
      selected={cursor.selected}
      focusedRunId={cursor.focusedRunId}
      focusRequest={cursor.focusRequest}
      onToggle={cursor.toggle}
      onToggleAll={cursor.toggleAll}
      onFocusRow={cursor.focusRow}
      onNearEnd={allLoaded}
    />
  );
}

const run = scrollRun();
const rows = executions(run.rows);
const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <Providers>
      <MemoryRouter initialEntries={["/executions"]}>
        <ExecutionsList rows={rows} />
      </MemoryRouter>
    </Providers>
  </StrictMode>,
);
void measureScroll(run);
