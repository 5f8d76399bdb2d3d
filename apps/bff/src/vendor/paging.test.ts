import fc from "fast-check";
import { OutExecutionList, Status } from "@baton/contract";
import { connectStore, type Store } from "@baton/engine";
import { insertExecution, newExecution, testDialects, type NewExecution } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBaton, type TestBaton } from "../testing/test-baton";

/** The vendor's pages these tests are written from (docs.automic.com, AE REST API, 21.0). */
const PAGINATION_FOR_EXECUTIONS =
  "https://docs.automic.com/documentation/WEBHELP/English/all/components/DOCU/21.0.5/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_General_PaginationExecutions.htm";
const EXECUTION_LIST =
  "https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ExecutionList.htm";
const FILTER_FOR_EXECUTION_LIST =
  "https://docs.automic.com/documentation/WEBHELP/English/all/components/DOCU/21.0.5/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_General_FilterExecutionList.htm";
/** The vendor's swagger as a public client generated from it carries it: "List executions, ordered descending by activation_time and run_id". */
const SWAGGER_SUMMARY = "https://github.com/KrumGanev/automic_rest/blob/master/README.md (listExecutions, getChildrenOfExecution)";

/** 2018-04-17T14:00:00Z, around the vendor's example answers. */
const T = Date.UTC(2018, 3, 17, 14, 0, 0);

/**
 * Executions written straight into the server's database: the list's order is that of activation
 * times, which a real start always gives in RunID order; written here they can disagree, as the
 * vendor's example answer shows (a higher RunID activated earlier).
 */
class Seeder {
  constructor(private readonly store: Store) {}

  async add(overrides: Partial<NewExecution>): Promise<number> {
    return (await insertExecution(this.store.db, newExecution({ status: Status.ENDED_OK, ...overrides }), "{}", T)).runId;
  }

  /** A workflow's execution with one child per activation time given (in RunID order). */
  async workflow(name: string, childTimes: readonly number[]): Promise<{ parent: number; children: number[] }> {
    const parent = await this.add({ name, objectType: "JOBP", type: "Workflow", activationTime: T });
    const children: number[] = [];
    for (const [i, activationTime] of childTimes.entries()) {
      children.push(await this.add({ name: `${name}.TASK${i}`, parent, lineNumber: i + 2, activatorObjectType: "JOBP", activationTime }));
    }
    return { parent, children };
  }
}

/** Run ids in the list's documented order: activation time, then run_id, both descending. */
function inListOrder(rows: ReadonlyArray<{ runId: number; activationTime: number }>): number[] {
  return [...rows].sort((a, b) => b.activationTime - a.activationTime || b.runId - a.runId).map((r) => r.runId);
}

describe.each(testDialects)("vendor: paging executions and children by the last RunID on %s", (dialect) => {
  let test: TestBaton;
  let store: Store;
  let seeder: Seeder;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    store = connectStore({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    seeder = new Seeder(store);
  }, 60_000);
  afterAll(async () => {
    // The server's connection closes last (on SQLite it then checkpoints and removes the log).
    await store.close();
    await test.stop();
  });

  async function page(path: string): Promise<OutExecutionList> {
    const response = await test.rest(`/100${path}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutExecutionList.parse(await response.json());
  }
  const runIds = (answer: OutExecutionList) => answer.data.map((e) => e.run_id);

  /**
   * Pages `path` as a client does: each next request names the last RunID it saw, until hasmore is
   * false. Fails instead of looping when a page repeats or pages do not end.
   */
  async function pageThrough(path: string, maxResults: number, limit: number): Promise<{ seen: number[]; totals: number[] }> {
    const seen: number[] = [];
    const totals: number[] = [];
    let last: number | undefined;
    for (let request = 0; request <= limit + 1; request++) {
      const separator = path.includes("?") ? "&" : "?";
      const answer = await page(`${path}${separator}max_results=${maxResults}${last === undefined ? "" : `&start_at_run_id=${last}`}`);
      totals.push(answer.total);
      seen.push(...runIds(answer));
      if (!answer.hasmore) return { seen, totals };
      const next = answer.data.at(-1)?.run_id;
      if (next === undefined || next === last) throw new Error(`${path}: hasmore with no new last RunID after ${seen.length} executions`);
      last = next;
    }
    throw new Error(`${path}: still hasmore after ${limit + 1} pages`);
  }

  describe(`${PAGINATION_FOR_EXECUTIONS}: the example of 25 child executions in pages of 10`, () => {
    let parent: number;
    let children: number[];

    beforeAll(async () => {
      ({ parent, children } = await seeder.workflow("VENDOR.PAGING.WF", Array.from({ length: 25 }, (_, i) => T + 1000 + i * 1000)));
    });

    it(`${PAGINATION_FOR_EXECUTIONS}: page 1 (start_at_run_id omitted) is the first 10, hasmore true, total 25`, async () => {
      const first = await page(`/executions/${parent}/children?max_results=10`);
      expect(first).toMatchObject({ total: 25, hasmore: true });
      expect(runIds(first)).toEqual([...children].reverse().slice(0, 10));
    });

    it(`${PAGINATION_FOR_EXECUTIONS}: page 2 names the last RunID of page 1: the next 10, each RunID below it, total still 25`, async () => {
      const first = await page(`/executions/${parent}/children?max_results=10`);
      const cursor = first.data.at(-1)?.run_id ?? 0;
      const second = await page(`/executions/${parent}/children?max_results=10&start_at_run_id=${cursor}`);
      expect(second).toMatchObject({ total: 25, hasmore: true });
      expect(second.data).toHaveLength(10);
      for (const runId of runIds(second)) expect(runId).toBeLessThan(cursor);
      expect(runIds(second)).toEqual([...children].reverse().slice(10, 20));
    });

    it(`${PAGINATION_FOR_EXECUTIONS}: page 3 holds the last 5 with hasmore false; the three pages hold each child once`, async () => {
      const { seen, totals } = await pageThrough(`/executions/${parent}/children`, 10, 3);
      expect(totals).toEqual([25, 25, 25]);
      expect(seen).toEqual([...children].reverse());
    });

    it(`${PAGINATION_FOR_EXECUTIONS}: without max_results a page holds 50`, async () => {
      const { parent: big, children: many } = await seeder.workflow("VENDOR.PAGING.WF60", Array.from({ length: 60 }, (_, i) => T + i * 1000));
      const first = await page(`/executions/${big}/children`);
      expect(first).toMatchObject({ total: 60, hasmore: true });
      expect(first.data).toHaveLength(50);
      const rest = await page(`/executions/${big}/children?start_at_run_id=${first.data.at(-1)?.run_id}`);
      expect(rest).toMatchObject({ total: 60, hasmore: false });
      expect([...runIds(first), ...runIds(rest)]).toEqual([...many].reverse());
    });
  });

  it(`${PAGINATION_FOR_EXECUTIONS}: execution lists page the same way (RunID of the last entry, total unchanged)`, async () => {
    const added: number[] = [];
    for (let i = 0; i < 25; i++) added.push(await seeder.add({ name: `VENDOR.PAGING.LIST${i % 3}`, activationTime: T + i * 1000 }));
    const { seen, totals } = await pageThrough("/executions?name=VENDOR.PAGING.LIST*", 10, 3);
    expect(totals).toEqual([25, 25, 25]);
    expect(seen).toEqual([...added].reverse());
  });

  it(`${EXECUTION_LIST}: the list is ordered by activation time, not RunID, and the last RunID pages on in that order`, async () => {
    // The example answer lists 26350826 (14:39:36), 26350825 (14:39:09), then 26355183 (13:44:11).
    const later = await seeder.add({ name: "VENDOR.ORDER.CALL", objectType: "CALL", type: "Notification", activationTime: Date.UTC(2018, 3, 17, 14, 39, 9) });
    const latest = await seeder.add({ name: "VENDOR.ORDER.CALL", objectType: "CALL", type: "Notification", activationTime: Date.UTC(2018, 3, 17, 14, 39, 36) });
    const earliest = await seeder.add({ name: "VENDOR.ORDER.SCRI", objectType: "SCRI", type: "Script", activationTime: Date.UTC(2018, 3, 17, 13, 44, 11) });
    expect(earliest).toBeGreaterThan(latest);
    const whole = await page("/executions?name=VENDOR.ORDER.*");
    expect(runIds(whole)).toEqual([latest, later, earliest]);
    expect(whole.data.map((e) => Date.parse(e.activation_time))).toEqual([Date.UTC(2018, 3, 17, 14, 39, 36), Date.UTC(2018, 3, 17, 14, 39, 9), Date.UTC(2018, 3, 17, 13, 44, 11)]);
    // A RunID bound would skip `earliest` (its RunID is above the cursor) or loop; the order's cursor does neither.
    const { seen, totals } = await pageThrough("/executions?name=VENDOR.ORDER.*", 1, 3);
    expect(seen).toEqual([latest, later, earliest]);
    expect(totals).toEqual([3, 3, 3]);
  });

  it(`${SWAGGER_SUMMARY}: executions activated at the same time are ordered by RunID, descending, and page so`, async () => {
    const same: number[] = [];
    for (let i = 0; i < 5; i++) same.push(await seeder.add({ name: "VENDOR.TIES", activationTime: T + 500 }));
    expect(runIds(await page("/executions?name=VENDOR.TIES"))).toEqual([...same].reverse());
    expect((await pageThrough("/executions?name=VENDOR.TIES", 2, 3)).seen).toEqual([...same].reverse());
  });

  it(`${PAGINATION_FOR_EXECUTIONS}: executions that arrive while a client pages neither shift nor repeat its next pages`, async () => {
    const before: number[] = [];
    for (let i = 0; i < 6; i++) before.push(await seeder.add({ name: "VENDOR.ARRIVING", activationTime: T + i * 1000 }));
    const first = await page("/executions?name=VENDOR.ARRIVING&max_results=3");
    expect(first).toMatchObject({ total: 6, hasmore: true });
    const arrived = await seeder.add({ name: "VENDOR.ARRIVING", activationTime: T + 10_000 });
    const second = await page(`/executions?name=VENDOR.ARRIVING&max_results=3&start_at_run_id=${first.data.at(-1)?.run_id}`);
    // total is the list as it is now; the page goes on where the client left off.
    expect(second).toMatchObject({ total: 7, hasmore: false });
    expect([...runIds(first), ...runIds(second)]).toEqual([...before].reverse());
    expect(runIds(await page("/executions?name=VENDOR.ARRIVING&max_results=1"))).toEqual([arrived]);
  });

  it(`${FILTER_FOR_EXECUTION_LIST}: a filtered list pages through its matches; the last RunID keeps its place when it stops matching`, async () => {
    const rows: Array<{ runId: number; activationTime: number; status: number }> = [];
    for (let i = 0; i < 12; i++) {
      const values = { activationTime: T + i * 1000, status: i % 3 === 0 ? Status.ENDED_NOT_OK : Status.ENDED_OK };
      rows.push({ ...values, runId: await seeder.add({ name: "VENDOR.FILTERED", ...values }) });
    }
    const ok = inListOrder(rows.filter((r) => r.status === Status.ENDED_OK));
    const first = await page("/executions?name=VENDOR.FILTERED&status=1900&max_results=4");
    expect(first).toMatchObject({ total: 8, hasmore: true });
    expect(runIds(first)).toEqual(ok.slice(0, 4));
    // The last entry of page 1 ends otherwise before page 2 is asked for (a restart, say).
    await store.db.updateTable("executions").set({ status: Status.ENDED_NOT_OK }).where("run_id", "=", ok[3] ?? 0).execute();
    const second = await page(`/executions?name=VENDOR.FILTERED&status=1900&max_results=4&start_at_run_id=${ok[3]}`);
    expect(second).toMatchObject({ total: 7, hasmore: false });
    expect(runIds(second)).toEqual(ok.slice(4));
  });

  it(`${PAGINATION_FOR_EXECUTIONS}: property: paging by the last RunID until hasmore is false visits every matching execution once, in the list's order, with the same total`, async () => {
    const execution = fc.record({
      // Few distinct times, so that many share one (the RunID decides) and times disagree with RunIDs.
      second: fc.integer({ min: 0, max: 12 }),
      millis: fc.constantFrom(0, 0, 250),
      letter: fc.constantFrom("A", "B", "C"),
      ok: fc.boolean(),
      child: fc.boolean(),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(execution, { maxLength: 30 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom("all", "letter", "status"), async (planned, maxResults, filter) => {
        run += 1;
        const prefix = `PROP${run}`;
        const parent = await seeder.add({ name: `${prefix}.WF`, objectType: "JOBP", type: "Workflow", activationTime: T });
        const rows: Array<{ runId: number; activationTime: number; letter: string; ok: boolean; child: boolean }> = [];
        for (const p of planned) {
          const activationTime = T + p.second * 1000 + p.millis;
          const overrides = { name: `${prefix}.${p.letter}`, activationTime, status: p.ok ? Status.ENDED_OK : Status.ENDED_NOT_OK };
          const runId = await seeder.add(p.child ? { ...overrides, parent, lineNumber: 2, activatorObjectType: "JOBP" } : overrides);
          rows.push({ runId, activationTime, letter: p.letter, ok: p.ok, child: p.child });
        }
        const query = { all: `name=${prefix}.?`, letter: `name=${prefix}.A`, status: `name=${prefix}.?&status=1900` }[filter];
        const keep = { all: () => true, letter: (r: (typeof rows)[number]) => r.letter === "A", status: (r: (typeof rows)[number]) => r.ok }[filter];
        const listed = inListOrder(rows.filter(keep));
        const { seen, totals } = await pageThrough(`/executions?${query}`, maxResults, listed.length);
        expect(seen).toEqual(listed);
        expect(new Set(totals)).toEqual(new Set([listed.length]));

        const children = inListOrder(rows.filter((r) => r.child));
        const paged = await pageThrough(`/executions/${parent}/children`, maxResults, children.length);
        expect(paged.seen).toEqual(children);
        expect(new Set(paged.totals)).toEqual(new Set([children.length]));
      }),
      { numRuns: 60, seed: 20261126 },
    );
  }, 240_000);
});
