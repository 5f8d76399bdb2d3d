import { OutForecast, OutForecastAgentList, OutForecastId, OutForecastList, OutIdList } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope, json, startTestBaton, until, type TestBaton } from "../testing/test-baton";

/** The vendor's page these tests are written from (docs.automic.com, AE REST API), as 12.3 and 21.0.3 publish it. */
const FORECASTING_123 =
  "https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/12.3/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_Forecasting.htm";
const FORECASTING_2103 =
  "https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.3/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_Forecasting.htm";
/** The swagger's parameters of listForecastAgents, as the generated client carries them. */
const SWAGGER_FORECAST_AGENTS = "https://github.com/KrumGanev/automic_rest/blob/master/automic_rest/help.py";

/** The members of a forecast in the page's list (the FCST example leaves out start_time; Baton always has one). */
const EXAMPLE_MEMBERS = ["id", "title", "start_time", "end_time", "estimated_start", "estimated_end", "status", "status_text", "user", "type"];
/** Times as every example writes them: UTC, whole seconds. */
const WHOLE_SECOND = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const START = "2030-01-07T06:00:00Z";

describe.each(testDialects)("vendor: forecasting on %s", (dialect) => {
  let test: TestBaton;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    const job = jobEnvelope("VFC.SCRI1", ["true"], { general_attributes: { name: "VFC.SCRI1", type: "JOBS", ert_method: "FIXED", ert_fixed: "741" } });
    expect((await test.rest("/100/objects", json(job))).status).toBe(200);
    await test.baton.engine.refreshAutoforecasts();
  });
  afterAll(async () => {
    await test.stop();
  });

  /** "Trigger new forecast calculations": POST .../forecasts answers the new id; polled until calculated. */
  async function created(title: string): Promise<number> {
    const response = await test.rest("/100/forecasts", json({ forecast_option: "object", object: { name: "VFC.SCRI1", start: START, title } }));
    expect(response.status).toBe(200);
    const id = Number(OutForecastId.parse(await response.json()).forecast_id);
    await until(async () => OutForecast.parse(await (await test.rest(`/100/forecasts/${id}`)).json()).status !== 1550);
    return id;
  }

  async function list(query = ""): Promise<OutForecastList> {
    const response = await test.rest(`/100/forecasts${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutForecastList.parse(await response.json());
  }

  it(`${FORECASTING_123}: "Get Forecast Items" answers {total, data, hasmore}; each item has the example's members and types`, async () => {
    const id = await created("SCRI1");
    const raw = (await (await test.rest("/100/forecasts?fc_title=SCRI1")).json()) as { total: unknown; data: Record<string, unknown>[]; hasmore: unknown };
    expect(Object.keys(raw).sort()).toEqual(["data", "hasmore", "total"]);
    expect(raw).toMatchObject({ total: 1, hasmore: false });
    const [item] = raw.data;
    expect(Object.keys(item ?? {}).sort()).toEqual([...EXAMPLE_MEMBERS].sort());
    expect(item).toMatchObject({ id, title: "SCRI1", status: 1900, status_text: expect.stringMatching(/^ENDED_OK - ended normally/), user: "ADMIN/ADMIN", type: "FCST" });
    expect(typeof item?.["id"]).toBe("number");
    for (const time of ["start_time", "end_time", "estimated_start", "estimated_end"]) expect(item?.[time]).toMatch(WHOLE_SECOND);
    // The job runs its fixed 741 seconds from the start asked for.
    expect(item).toMatchObject({ estimated_start: START, estimated_end: "2030-01-07T06:12:21Z" });
  });

  it(`${FORECASTING_123}: the autoforecast is listed as type AFCST with the title AUTOFORECAST beside the forecasts (FCST)`, async () => {
    await created("SCRI1 beside");
    const all = await list();
    const auto = all.data.filter((f) => f.type === "AFCST");
    expect(auto).toHaveLength(1);
    expect(auto[0]).toMatchObject({ title: "AUTOFORECAST", status: 1900 });
    // The example's autoforecast runs to midnight ("estimated_end": "2019-05-20T00:00:00Z"): Baton's
    // horizon (3 days, today the first) ends at midnight UTC of its last day.
    const day = 24 * 3_600_000;
    const midnight = Math.floor(Date.parse(auto[0]?.start_time ?? "") / day) * day + 3 * day;
    expect(auto[0]?.end_time).toBe(new Date(midnight).toISOString().replace(".000Z", "Z"));
    expect(all.data.some((f) => f.type === "FCST")).toBe(true);
    expect(all.total).toBe(all.data.length);
  });

  it(`${FORECASTING_2103}: fc_type=AFCST limits the list to the autoforecast, fc_type=FCST to forecasts`, async () => {
    await created("SCRI1 by type");
    const auto = await list("?fc_type=AFCST");
    expect(auto.total).toBe(1);
    expect(auto.data.map((f) => f.type)).toEqual(["AFCST"]);
    const forecasts = await list("?fc_type=FCST");
    expect(forecasts.total).toBeGreaterThan(0);
    expect(forecasts.data.every((f) => f.type === "FCST")).toBe(true);
    expect(auto.total + forecasts.total).toBe((await list()).total);
  });

  it(`${FORECASTING_123}: "Get Forecast Item Details" (?fc_type=AFCST&fields=entries) gives each listed forecast its entries`, async () => {
    // A once activation in the autoforecast's horizon, so that it has an entry.
    const once = await test.rest("/100/executions", json({ object_name: "VFC.SCRI1", execution_option: "once", once: { execution_date_time: new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, "Z") } }));
    expect(once.status).toBe(200);
    await test.baton.engine.refreshAutoforecasts();
    const details = await list("?fc_type=AFCST&fields=entries");
    expect(details.total).toBe(1);
    const entries = details.data[0]?.entries ?? [];
    expect(entries.map((e) => e.name)).toContain("VFC.SCRI1");
    for (const entry of entries) expect(entry).toMatchObject({ id: expect.any(Number), parent: expect.any(Number), type: expect.any(String) });
    // Without fields=entries the list carries none.
    expect((await list("?fc_type=AFCST")).data[0]?.entries).toBeUndefined();
  });

  it(`${FORECASTING_123}: "trigger new forecast calculations": the answer is the new forecast's id, which then reads as the number id`, async () => {
    const response = await test.rest("/100/forecasts", json({ forecast_option: "object", object: { name: "VFC.SCRI1", start: START, title: "SCRI1 triggered" } }));
    const body = OutForecastId.parse(await response.json());
    expect(body.forecast_id).toMatch(/^\d+$/);
    const read = OutForecast.parse(await (await test.rest(`/100/forecasts/${body.forecast_id}`)).json());
    expect(read).toMatchObject({ id: Number(body.forecast_id), title: "SCRI1 triggered", type: "FCST" });
  });

  it(`${FORECASTING_123}: "rename forecast items": POST .../forecasts/{id} with a title answers the forecast under its new title`, async () => {
    const id = await created("SCRI1 old title");
    const response = await test.rest(`/100/forecasts/${id}`, json({ title: "SCRI1 new title" }));
    expect(response.status).toBe(200);
    expect(OutForecast.parse(await response.json())).toMatchObject({ id, title: "SCRI1 new title" });
    expect((await list("?fc_title=SCRI1%20new*")).data.map((f) => f.id)).toEqual([id]);
    expect((await list("?fc_title=SCRI1%20old*")).total).toBe(0);
  });

  it(`${FORECASTING_123}: "delete forecast data": DELETE .../forecasts with the ids deletes them and answers the ids left (none)`, async () => {
    const id = await created("SCRI1 to delete");
    const response = await test.rest("/100/forecasts", json({ ids: [id] }, "DELETE"));
    expect(response.status).toBe(200);
    expect(OutIdList.parse(await response.json())).toEqual({ ids: [] });
    expect((await test.rest(`/100/forecasts/${id}`)).status).toBe(404);
  });

  it(`${SWAGGER_FORECAST_AGENTS}: listForecastAgents takes several agent types comma-separated and the example min_duration PT9H11M34S`, async () => {
    const from = "2030-01-07T00:00:00Z";
    const to = "2030-01-07T12:00:00Z";
    const agents = async (query: string) => {
      const response = await test.rest(`/100/forecasts/agents?from=${from}&to=${to}${query}`);
      expect(response.status, await response.clone().text()).toBe(200);
      return OutForecastAgentList.parse(await response.json());
    };
    expect((await agents("&type=WINDOWS")).total).toBe(0);
    expect((await agents("&type=WINDOWS,UNIX")).data.map((a) => a.agent)).toEqual(["LOCAL"]);
    expect((await agents("&type=WINDOWS&type=UNIX")).data.map((a) => a.agent)).toEqual(["LOCAL"]);
    const refused = await test.rest(`/100/forecasts/agents?from=${from}&to=${to}&type=UNIX;WINDOWS`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { path: string }[]).map((e) => e.path)).toEqual(["type"]);
    const gaps = await agents("&min_duration=PT9H11M34S");
    expect(gaps.data.find((a) => a.agent === "LOCAL")?.slots).toEqual([{ from, to, duration: "PT12H" }]);
  });

  it(`${SWAGGER_FORECAST_AGENTS}: min_duration follows the swagger's pattern (java.time.Duration): a comma before the decimals, letters in either case`, async () => {
    const range = "from=2030-01-07T00:00:00Z&to=2030-01-07T12:00:00Z";
    const slots = async (minDuration: string) => {
      const response = await test.rest(`/100/forecasts/agents?${range}&min_duration=${minDuration}`);
      expect(response.status, await response.clone().text()).toBe(200);
      return OutForecastAgentList.parse(await response.json()).data.find((a) => a.agent === "LOCAL")?.slots.length;
    };
    expect(await slots("PT11H59M59,5S")).toBe(1);
    expect(await slots("pt12h0m0,5s")).toBe(0);
    expect(await slots("PT12H")).toBe(1);
  });
});
