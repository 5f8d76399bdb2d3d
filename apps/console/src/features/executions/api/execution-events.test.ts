import { describe, expect, it, vi } from "vitest";
import { InfiniteQueryObserver, QueryClient, QueryObserver } from "@tanstack/react-query";
import type { OutExecution, OutExecutionList } from "@baton/contract";
import { createExecutionEventHandler, patchChildren, patchListPages } from "./execution-events";
import type { ChildrenPages } from "./get-children";
import type { ExecutionPages } from "./get-executions";
import { NO_FILTERS, type ExecutionFilters } from "./execution-filters";
import { executionKeys } from "./keys";

function execution(runId: number, status: number, name = "NIGHTLY.BACKUP", minute = runId): OutExecution {
  return {
    name,
    type: "JOBS",
    queue: "CLIENT_QUEUE",
    run_id: runId,
    status,
    status_text: String(status),
    activation_time: `2025-01-01T10:${String(minute).padStart(2, "0")}:00Z`,
    user: "ADMIN/ADMIN",
    parent: 0,
  };
}

const all: ExecutionFilters = { ...NO_FILTERS };
const list = (...rows: OutExecution[]): OutExecutionList => ({ total: rows.length, data: rows, hasmore: false });
const firstPage = (page: OutExecutionList, ...more: OutExecutionList[]): ExecutionPages => ({
  pages: [page, ...more],
  pageParams: [undefined, ...more.map((p) => p.data[0]?.run_id)],
});
const rowsOf = (pages: ExecutionPages | undefined) => pages?.pages.flatMap((p) => p.data.map((e) => [e.run_id, e.status]));

describe("patchListPages", () => {
  it("replaces an existing row in place, on any page", () => {
    const pages = firstPage({ ...list(execution(3, 1550)), hasmore: true }, list(execution(2, 1550), execution(1, 1900)));
    const patched = patchListPages(pages, execution(2, 1900), all);
    expect(rowsOf(patched)).toEqual([
      [3, 1550],
      [2, 1900],
      [1, 1900],
    ]);
  });

  it("adds a new execution on top of the first page, newest first", () => {
    const patched = patchListPages(firstPage(list(execution(2, 1900), execution(1, 1900))), execution(3, 1300), all);
    expect(patched?.pages[0]?.data.map((e) => e.run_id)).toEqual([3, 2, 1]);
    expect(patched?.pages[0]?.total).toBe(3);
  });

  it("drops a row that no longer matches the status filter", () => {
    const active: ExecutionFilters = { ...all, status: "1300-1799" };
    const patched = patchListPages(firstPage(list(execution(2, 1550))), execution(2, 1900), active);
    expect(patched?.pages[0]?.data).toEqual([]);
    expect(patched?.pages[0]?.total).toBe(0);
  });

  it("leaves the pages alone for an execution outside the filter", () => {
    const pages = firstPage(list(execution(1, 1900)));
    expect(patchListPages(pages, execution(2, 1550, "DAILY.X"), { ...all, name: "NIGHTLY.*" })).toBe(pages);
  });

  it("asks for a refetch when it cannot evaluate the filter", () => {
    expect(patchListPages(firstPage(list()), execution(1, 1900), { ...all, status: "NEW_RANGE" })).toBeUndefined();
  });

  it("reads the form's filters as the server reads the query: a type name, and the name of an execution without an alias", () => {
    const pages = firstPage(list(execution(1, 1900)));
    const added = patchListPages(pages, execution(2, 1550), { ...all, type: "job", alias: "NIGHTLY.*" });
    expect(added?.pages[0]?.data.map((e) => e.run_id)).toEqual([2, 1]);
    expect(patchListPages(pages, execution(2, 1550), { ...all, type: "Workflow" })).toBe(pages);
  });
});

describe("createExecutionEventHandler", () => {
  it("patches lists and the detail, and ignores replays and late non-final states", () => {
    const queryClient = new QueryClient();
    const listKey = executionKeys.list(100, all);
    queryClient.setQueryData<ExecutionPages>(listKey, firstPage(list(execution(1, 1900))));
    queryClient.setQueryData(executionKeys.detail(100, 2), execution(2, 1300));
    const handle = createExecutionEventHandler(queryClient, 100);

    handle({ seq: 10, client: 100, execution: execution(2, 1550) });
    handle({ seq: 11, client: 100, execution: execution(2, 1900) });
    handle({ seq: 10, client: 100, execution: execution(2, 1550) }); // replayed
    handle({ seq: 12, client: 100, execution: execution(2, 1550) }); // ended runs never become active again
    handle({ seq: 13, client: 200, execution: execution(9, 1550) }); // another client

    expect(rowsOf(queryClient.getQueryData<ExecutionPages>(listKey))).toEqual([
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

  it("takes parent 0 for no parent: a top-level execution is nobody's task", () => {
    const queryClient = new QueryClient();
    const key = executionKeys.children(100, 0);
    const none = pages(list());
    queryClient.setQueryData<ChildrenPages>(key, none);
    createExecutionEventHandler(queryClient, 100)({ seq: 1, client: 100, execution: execution(61, 1300) });
    expect(queryClient.getQueryData<ChildrenPages>(key)).toBe(none);
  });
});

/**
 * A query function whose first read waits until `read.answer` is called (with the state from before
 * an event) and whose later reads answer `later`; `read.count` counts the reads.
 */
function firstReadHeld<T>(later: T) {
  const read = { count: 0, answer: (_value: T): void => undefined };
  const queryFn = (): Promise<T> => {
    read.count += 1;
    return read.count === 1 ? new Promise<T>((resolve) => (read.answer = resolve)) : Promise.resolve(later);
  };
  return { read, queryFn };
}

describe("events that arrive while a read is in flight", () => {
  it("read the detail again instead of letting the older answer overwrite the event", async () => {
    const queryClient = new QueryClient();
    const key = executionKeys.detail(100, 7);
    // An open page observes the query, as the detail page does.
    const { read, queryFn } = firstReadHeld(execution(7, 1850));
    const observer = new QueryObserver(queryClient, { queryKey: key, queryFn });
    const unsubscribe = observer.subscribe(() => {});
    queryClient.setQueryData(key, execution(7, 1550));
    createExecutionEventHandler(queryClient, 100)({ seq: 1, client: 100, execution: execution(7, 1850) });
    // The read that started before the event answers with the state before it.
    read.answer(execution(7, 1550));
    await vi.waitFor(() => expect(queryClient.getQueryData<OutExecution>(key)?.status).toBe(1850), { timeout: 3000 });
    expect(read.count).toBe(2);
    unsubscribe();
  });

  // An invalidation joins a first read in flight instead of restarting it, so the event must lead
  // to a read of its own once that one has answered.
  it("read the detail again when the event came during its first read", async () => {
    const queryClient = new QueryClient();
    const key = executionKeys.detail(100, 7);
    const { read, queryFn } = firstReadHeld(execution(7, 1900));
    const observer = new QueryObserver(queryClient, { queryKey: key, queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(read.count).toBe(1));
    createExecutionEventHandler(queryClient, 100)({ seq: 1, client: 100, execution: execution(7, 1900) });
    read.answer(execution(7, 1550));
    await vi.waitFor(() => expect(queryClient.getQueryData<OutExecution>(key)?.status).toBe(1900), { timeout: 3000 });
    expect(read.count).toBe(2);
    unsubscribe();
  });

  it("read a workflow's tasks again when a task's event came during their first read", async () => {
    const queryClient = new QueryClient();
    const key = executionKeys.children(100, 50);
    const task = { ...execution(51, 1550, "TASK.51"), parent: 50 };
    const { read, queryFn } = firstReadHeld(list({ ...task, status: 1900 }));
    const observer = new InfiniteQueryObserver(queryClient, { queryKey: key, initialPageParam: undefined as number | undefined, getNextPageParam: () => undefined, queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(read.count).toBe(1));
    createExecutionEventHandler(queryClient, 100)({ seq: 1, client: 100, execution: { ...task, status: 1900 } });
    read.answer(list(task));
    await vi.waitFor(() => expect(queryClient.getQueryData<ChildrenPages>(key)?.pages[0]?.data.map((e) => e.status)).toEqual([1900]), { timeout: 3000 });
    expect(read.count).toBe(2);
    unsubscribe();
  });

  it("read a list again when an event came during its first read", async () => {
    const queryClient = new QueryClient();
    const key = executionKeys.list(100, all);
    const { read, queryFn } = firstReadHeld(list(execution(1, 1900)));
    const observer = new InfiniteQueryObserver(queryClient, { queryKey: key, initialPageParam: undefined, getNextPageParam: () => undefined, queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(read.count).toBe(1));
    createExecutionEventHandler(queryClient, 100)({ seq: 1, client: 100, execution: execution(1, 1900) });
    read.answer(list(execution(1, 1550)));
    await vi.waitFor(() => expect(rowsOf(queryClient.getQueryData<ExecutionPages>(key))).toEqual([[1, 1900]]), { timeout: 3000 });
    expect(read.count).toBe(2);
    unsubscribe();
  });
});

describe("events for a list that is being read", () => {
  it("read it again once the read has ended, instead of restarting it", async () => {
    const queryClient = new QueryClient();
    const key = executionKeys.list(100, all);
    const answers: Array<(value: OutExecutionList) => void> = [];
    let reads = 0;
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: key,
      initialPageParam: undefined,
      getNextPageParam: () => undefined,
      queryFn: () => {
        reads += 1;
        return new Promise<OutExecutionList>((resolve) => answers.push(resolve));
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(reads).toBe(1));
    const handle = createExecutionEventHandler(queryClient, 100);
    queryClient.setQueryData<ExecutionPages>(key, firstPage(list(execution(1, 1550))));
    handle({ seq: 1, client: 100, execution: execution(1, 1850) });
    handle({ seq: 2, client: 100, execution: execution(2, 1550) });
    // The first read answers the state from before the events; it is not cancelled.
    answers[0]?.(list(execution(1, 1550)));
    await vi.waitFor(() => expect(reads).toBe(2), { timeout: 3000 });
    answers[1]?.(list(execution(2, 1550), execution(1, 1850)));
    await vi.waitFor(() => expect(rowsOf(queryClient.getQueryData<ExecutionPages>(key))).toEqual([[2, 1550], [1, 1850]]));
    expect(reads).toBe(2);
    unsubscribe();
  });
});
