import { describe, expect, it } from "vitest";
import type { OutExecution, OutExecutionList } from "@baton/contract";
import { anExecution } from "../components/execution-fixture";
import { nextSort } from "../components/executions-table";
import { patchListPages } from "./execution-events";
import { NO_FILTERS, filtersToSearch, parseSort, viewFromSearch, viewToQuery, viewToSearch } from "./execution-filters";
import type { ExecutionPages } from "./get-executions";

const pagesOf = (...rows: OutExecution[]): ExecutionPages => ({ pages: [{ total: rows.length, data: rows, hasmore: false } satisfies OutExecutionList], pageParams: [undefined] });
const idsOf = (pages: ExecutionPages | undefined) => pages?.pages.flatMap((page) => page.data.map((row) => row.run_id));

describe("the list's view in the URL and the request", () => {
  it("shows top-level runs newest first by default, and says nothing of it in the URL", () => {
    const view = viewFromSearch(new URLSearchParams("name=A*"));
    expect(view).toEqual({ showAll: false, sort: "" });
    expect(viewToSearch(view).toString()).toBe("");
    expect(viewToQuery(view)).toEqual({ top_level: "true" });
  });

  it("keeps 'all' and a sort the server reads beside the filters, and drops a sort it does not", () => {
    const view = viewFromSearch(new URLSearchParams("all=true&sort=-start_time"));
    expect(view).toEqual({ showAll: true, sort: "-start_time" });
    expect(viewToSearch(view, filtersToSearch({ ...NO_FILTERS, name: "A*" })).toString()).toBe("name=A*&all=true&sort=-start_time");
    expect(viewToQuery(view)).toEqual({ order_by: "-start_time" });
    expect(viewFromSearch(new URLSearchParams("sort=agent")).sort).toBe("");
    expect(parseSort("-name")).toEqual({ column: "name", descending: true });
  });

  it("sorts a header's column in its first direction, then the other way", () => {
    expect(nextSort("", "name")).toBe("name");
    expect(nextSort("name", "name")).toBe("-name");
    expect(nextSort("-name", "name")).toBe("name");
    expect(nextSort("name", "start_time")).toBe("-start_time");
    // The default order is newest activation first: its header turns it round.
    expect(nextSort("", "activation_time")).toBe("activation_time");
  });
});

describe("live rows of a top-level or sorted list", () => {
  const workflow = anExecution({ run_id: 10, type: "JOBP", status: 1550, name: "WF" });

  it("never takes a child into a top-level list: it shows under its parent", () => {
    const pages = pagesOf(workflow);
    const task = anExecution({ run_id: 11, parent: 10, activation_time: "2025-01-01T01:00:00Z" });
    expect(patchListPages(pages, task, NO_FILTERS, { showAll: false, sort: "" })).toBe(pages);
    expect(idsOf(patchListPages(pages, task, NO_FILTERS, { showAll: true, sort: "" }))).toEqual([11, 10]);
  });

  it("patches a sorted row that keeps its place, and reads the list again for one that moves or comes in", () => {
    const pages = pagesOf(workflow, anExecution({ run_id: 9 }));
    const byStatus = { showAll: false, sort: "status" };
    expect(idsOf(patchListPages(pages, { ...workflow, runtime: 5 }, NO_FILTERS, byStatus))).toEqual([10, 9]);
    expect(patchListPages(pages, { ...workflow, status: 1900 }, NO_FILTERS, byStatus)).toBeUndefined();
    expect(patchListPages(pages, anExecution({ run_id: 12 }), NO_FILTERS, byStatus)).toBeUndefined();
  });
});
