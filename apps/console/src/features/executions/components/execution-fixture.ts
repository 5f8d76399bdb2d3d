import type { OutExecution } from "@baton/contract";

/** An execution for tests of the pure parts: a top-level job (JOBS) of run 1 ended OK unless `overrides` say otherwise. */
export function anExecution(overrides: Partial<OutExecution> = {}): OutExecution {
  return {
    name: "X",
    type: "JOBS",
    queue: "CLIENT_QUEUE",
    run_id: 1,
    status: 1900,
    status_text: "",
    user: "ADMIN/ADMIN",
    activation_time: "2025-01-01T00:00:00Z",
    parent: 0,
    ...overrides,
  };
}
