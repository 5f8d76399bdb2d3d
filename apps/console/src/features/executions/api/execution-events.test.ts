import { describe, expect, it, vi } from "vitest";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import type { OutExecution, OutExecutionList } from "@baton/contract";
import { createExecutionEventHandler, matchesFilters, patchChildren, patchList } from "./execution-events";
import type { ChildrenPages } from "./get-children";
import { executionKeys, type ExecutionListFilters } from "./keys";

function execution(runId: number, status: number, name = "NIGHTLY.BACKUP", minute = runId): OutExecution {
  return {
    name,
    type: "Job",
    queue: "CLIENT_QUEUE",
    run_id: runId,
    status,
    status_text: String(status),
    activation_time: `2025-01-01T10:${String(minute).padStart(2, "0")}:00Z`,
    user: "ADMIN/ADMIN",
  };
}

const all: ExecutionListFilters = { name: "", status: "", maxResults: 50 };
const list = (...rows: OutExecution[]): OutExecutionList => ({ total: rows.length, data: rows, hasmore: false });

describe("matchesFilters", () => {
  it.each([
    ["", "", 1900, true],
    ["NIGHTLY.*", "", 1900, true],
    ["nightly.*", "", 1900, true],
    ["DAILY.*", "", 1900, false],
    ["NIGHTLY.BACKUP", "", 1900, true],
    ["", "1900", 1900, true],
    ["", "1800-1899", 1900, false],
    ["", "1800,1900-1999", 1910, true],
    ["", "ANY_ACTIVE", 1550, true],
    ["", "ANY_BLOCKED", 1561, false],
    ["", "ANY_BLOCKED", 1562, true],
    ["", "SOMETHING_NEW", 1900, null],
  ])("name %j status %j: %i → %s", (name, status, code, expected) => {
    expect(matchesFilters(execution(1, code), { name, status, maxResults: 50 })).toBe(expected);
  });
});

describe("patchList", () => {
  it("replaces an existing row in place", () => {
    const patched = patchList(list(execution(2, 1550), execution(1, 1900)), execution(2, 1900), all);
    expect(patched?.data.map((e) => [e.run_id, e.status])).toEqual([
      [2, 1900],
      [1, 1900],
    ]);
    expect(patched?.total).toBe(2);
  });

  it("adds a new execution on top, newest first", () => {
    const patched = patchList(list(execution(2, 1900), execution(1, 1900)), execution(3, 1300), all);
    expect(patched?.data.map((e) => e.run_id)).toEqual([3, 2, 1]);
    expect(patched?.total).toBe(3);
  });

  it("drops a row that no longer matches the status filter", () => {
    const active: ExecutionListFilters = { ...all, status: "1300-1799" };
    const patched = patchList(list(execution(2, 1550)), execution(2, 1900), active);
    expect(patched?.data).toEqual([]);
    expect(patched?.total).toBe(0);
  });

  it("keeps the page size and marks that more exist", () => {
    const small: ExecutionListFilters = { ...all, maxResults: 2 };
    const patched = patchList(list(execution(2, 1900), execution(1, 1900)), execution(3, 1300), small);
    expect(patched?.data.map((e) => e.run_id)).toEqual([3, 2]);
    expect(patched?.hasmore).toBe(true);
  });

  it("asks for a refetch when it cannot evaluate the filter", () => {
    expect(patchList(list(), execution(1, 1900), { ...all, status: "NEW_RANGE" })).toBeUndefined();
  });
});

describe("createExecutionEventHandler", () => {
  it("patches lists and the detail, and ignores replays and late non-final states", () => {
    const queryClient = new QueryClient();
    const listKey = executionKeys.list(100, all);
    queryClient.setQueryData(listKey, list(execution(1, 1900)));
    queryClient.setQueryData(executionKeys.detail(100, 2), execution(2, 1300));
    const handle = createExecutionEventHandler(queryClient, 100);

    handle({ seq: 10, client: 100, execution: execution(2, 1550) });
    handle({ seq: 11, client: 100, execution: execution(2, 1900) });
    handle({ seq: 10, client: 100, execution: execution(2, 1550) }); // replayed
    handle({ seq: 12, client: 100, execution: execution(2, 1550) }); // ended runs never become active again
    handle({ seq: 13, client: 200, execution: execution(9, 1550) }); // another client

    expect(queryClient.getQueryData<OutExecutionList>(listKey)?.data.map((e) => [e.run_id, e.status])).toEqual([
      [2, 1900],
      [1, 1900],
    ]);
    expect(queryClient.getQueryData<OutExecution>(executionKeys.detail(100, 2))?.status).toBe(1900);
  });
});

describe("children of a workflow", () => {
  const task = (runId: number, status: number, parent = 50): OutExecution => ({ ...execution(runId, status, `TASK.${runId}`), parent, line_number: runId - 50 });
  const pages = (...lists: OutExecutionList[]): ChildrenPages => ({ pages: lists, pageParams: lists.map((_, i) => (i === 0 ? undefined : 100 - i)) });

  it("replaces a task where it is, on any page", () => {
    const patched = patchChildren(pages({ ...list(task(53, 1550)), hasmore: true }, list(task(52, 1550))), task(52, 1900));
    expect(patched.pages.map((p) => p.data.map((e) => [e.run_id, e.status]))).toEqual([[[53, 1550]], [[52, 1900]]]);
  });

  it("adds a new task on top of the first page", () => {
    const patched = patchChildren(pages(list(task(52, 1900), task(51, 1900))), task(53, 1300));
    expect(patched.pages[0]?.data.map((e) => e.run_id)).toEqual([53, 52, 51]);
    expect(patched.pages[0]?.total).toBe(3);
  });

  it("follows events whose parent is the open workflow, and leaves other workflows alone", () => {
    const queryClient = new QueryClient();
    const key = executionKeys.children(100, 50);
    queryClient.setQueryData<ChildrenPages>(key, pages(list(task(51, 1550))));
    const handle = createExecutionEventHandler(queryClient, 100);

    handle({ seq: 1, client: 100, execution: task(51, 1850) });
    handle({ seq: 2, client: 100, execution: task(52, 1300) });
    handle({ seq: 3, client: 100, execution: task(60, 1300, 70) });
    handle({ seq: 4, client: 100, execution: task(51, 1550) }); // late non-final state after the end

    expect(queryClient.getQueryData<ChildrenPages>(key)?.pages[0]?.data.map((e) => [e.run_id, e.status])).toEqual([
      [52, 1300],
      [51, 1850],
    ]);
  });
});

describe("events that arrive while a read is in flight", () => {
  it("read the detail again instead of letting the older answer overwrite the event", async () => {
    const queryClient = new QueryClient();
    const key = executionKeys.detail(100, 7);
    let reads = 0;
    let answer: (value: OutExecution) => void = () => {};
    // An open page observes the query, as the detail page does.
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        reads += 1;
        return reads === 1 ? new Promise<OutExecution>((resolve) => (answer = resolve)) : Promise.resolve(execution(7, 1850));
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    queryClient.setQueryData(key, execution(7, 1550));
    createExecutionEventHandler(queryClient, 100)({ seq: 1, client: 100, execution: execution(7, 1850) });
    // The read that started before the event answers with the state before it.
    answer(execution(7, 1550));
    await vi.waitFor(() => expect(queryClient.getQueryData<OutExecution>(key)?.status).toBe(1850));
    expect(reads).toBe(2);
    unsubscribe();
  });
});
