import { ALL_RIGHTS, ExecutionEvent, OutExecutionList, OutRunId, Right } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleLogin } from "../testing/console-login";
import { readEvents, type ReceivedEvent } from "../testing/sse-client";
import { ADMIN_PASSWORD, basic, jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "../testing/test-baton";

/*
 * The console's live events show a user only the executions it may see: the statistics right that
 * GET /executions lists by, live and when a reconnect replays from Last-Event-ID.
 */

const WATCHER_PASSWORD = "Watcher-pass1";

function executionEvents(events: readonly ReceivedEvent[]): ExecutionEvent[] {
  return events.filter((e) => e.event === "execution").map((e) => ExecutionEvent.parse(JSON.parse(e.data)));
}

/** Whether the OBJ.OPEN run `runId` has been seen ending among the events. */
function openEnded(events: readonly ReceivedEvent[], runId: number): boolean {
  return executionEvents(events).some((e) => e.execution.run_id === runId && e.execution.status === 1900);
}

describe.each(testDialects)("live events have the caller's rights on %s", (dialect) => {
  let test: TestBaton;
  let base: string;
  // Runs of OBJ.SECRET and OBJ.OPEN made before any stream opens, for the replay.
  let earlierSecret: number;
  let earlierOpen: number;

  async function execute(name: string): Promise<number> {
    const response = await test.rest("/100/executions", json({ objectName: name, executionOption: "execute" }));
    expect(response.status, await response.clone().text()).toBe(200);
    return OutRunId.parse(await response.json()).run_id;
  }

  /** Logs in to the console as USER/DEPARTMENT; returns the session cookie. */
  const login = async (user: string, department: string, password: string) => (await consoleLogin(base, { user, department, password })).cookie;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    base = test.baton.url;
    const imports = [
      jobEnvelope("OBJ.SECRET", ["echo secret"]),
      jobEnvelope("OBJ.OPEN", ["echo open"]),
      {
        data: {
          user: {
            general_attributes: { name: "WATCHER/OPS", type: "USER" },
            user_attributes: { is_active: "1", is_locked: "0", password: WATCHER_PASSWORD },
            privileges: ["FORECASTS"],
            // Every right on OBJ.*, but the statistics of OBJ.SECRET prohibited.
            authorizations: [
              { filter_object_type: "JOBS", filter_object_name: "OBJ.*", bitcode: ALL_RIGHTS, auth_group: 1 },
              { filter_object_type: "JOBS", filter_object_name: "OBJ.SECRET", bitcode: Right.STATISTICS, auth_group: 0 },
            ],
          },
        },
        path: "USERS",
      },
      {
        data: {
          user: {
            general_attributes: { name: "PERIODS/OPS", type: "USER" },
            user_attributes: { is_active: "1", is_locked: "0", password: WATCHER_PASSWORD },
            privileges: ["FORECASTS"],
            // Rights on period containers only, named by their own type.
            authorizations: [{ filter_object_type: "C_PERIOD", filter_object_name: "OBJ.*", bitcode: Right.STATISTICS, auth_group: 1 }],
          },
        },
        path: "USERS",
      },
    ];
    for (const envelope of imports) {
      const response = await test.rest("/100/objects?overwrite_existing_objects=true", json(envelope));
      expect(response.status, await response.clone().text()).toBe(200);
    }
    earlierSecret = (await waitForEnd(test, 100, await execute("OBJ.SECRET"))).run_id;
    earlierOpen = (await waitForEnd(test, 100, await execute("OBJ.OPEN"))).run_id;
  });
  afterAll(async () => {
    await test.stop();
  });

  it("the user may not see OBJ.SECRET's runs through the REST API, by the same rule", async () => {
    const watcher = { authorization: basic(`WATCHER/OPS:${WATCHER_PASSWORD}`) };
    expect((await fetch(`${test.baton.restUrl}/100/executions/${earlierSecret}`, { headers: watcher })).status).toBe(403);
    const listed = OutExecutionList.parse(await (await fetch(`${test.baton.restUrl}/100/executions?max_results=1000`, { headers: watcher })).json());
    expect(listed.data.map((e) => e.name)).toContain("OBJ.OPEN");
    expect(listed.data.map((e) => e.name)).not.toContain("OBJ.SECRET");
  });

  it("streams live the events of OBJ.OPEN and none of OBJ.SECRET", async () => {
    const cookie = await login("WATCHER", "OPS", WATCHER_PASSWORD);
    // Once the stream is ready, OBJ.SECRET runs to its end, then OBJ.OPEN: every event of the
    // secret run is published before the last of the open one, which ends the reading.
    let started: Promise<number> | undefined;
    let openRunId = 0;
    const live = await readEvents(`${base}/bff/events`, { cookie }, (events) => {
      if (started === undefined && events.some((e) => e.event === "ready")) {
        started = execute("OBJ.SECRET")
          .then(async (secret) => waitForEnd(test, 100, secret))
          .then(async () => (openRunId = await execute("OBJ.OPEN")));
      }
      return openRunId !== 0 && openEnded(events, openRunId);
    });
    await started;
    const names = executionEvents(live).map((e) => e.execution.name);
    expect(names).toContain("OBJ.OPEN");
    expect(names).not.toContain("OBJ.SECRET");
  });

  it("a recurring run's container is the user's by the rights on the object it activates: listed, read, cancelled and streamed; OBJ.SECRET's is not", async () => {
    const watcher = { authorization: basic(`WATCHER/OPS:${WATCHER_PASSWORD}`) };
    const admin = { authorization: basic(`ADMIN/ADMIN:${ADMIN_PASSWORD}`) };
    const post = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${test.baton.restUrl}/100${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
    const recurring = async (name: string, headers: Record<string, string>) => {
      const response = await post("/executions", { objectName: name, executionOption: "recurring", recurring: { executeInterval: "PT1H" } }, headers);
      expect(response.status, await response.clone().text()).toBe(200);
      return OutRunId.parse(await response.json()).run_id;
    };
    const cancel = (runId: number, headers: Record<string, string>) => post(`/executions/${runId}/status`, { action: "cancel", cancel: { recursive: true } }, headers);
    const secret = await recurring("OBJ.SECRET", admin);
    const open = await recurring("OBJ.OPEN", watcher);

    // The user's grants name JOBS, the container's own type is C_PERIOD: the grant reaches it, the prohibition on OBJ.SECRET too.
    expect((await fetch(`${test.baton.restUrl}/100/executions/${open}`, { headers: watcher })).status).toBe(200);
    expect((await fetch(`${test.baton.restUrl}/100/executions/${secret}`, { headers: watcher })).status).toBe(403);
    const listed = OutExecutionList.parse(await (await fetch(`${test.baton.restUrl}/100/executions?type=C_PERIOD&max_results=1000`, { headers: watcher })).json());
    expect(listed.data.map((e) => e.run_id)).toContain(open);
    expect(listed.data.map((e) => e.run_id)).not.toContain(secret);
    // A forecast of the container is one of the object it activates: the user reads it by the same grant.
    const forecast = await post("/forecasts", { forecastOption: "execution", execution: { runId: open, title: "the open one's next runs", days: 1 } }, watcher);
    expect(forecast.status, await forecast.clone().text()).toBe(200);
    const forecastId = ((await forecast.json()) as { forecast_id: string }).forecast_id;
    expect((await fetch(`${test.baton.restUrl}/100/forecasts/${forecastId}`, { headers: watcher })).status).toBe(200);
    // One whose grant names C_PERIOD reads the same container's forecast by it; the prohibited user not the secret one's.
    const periods = { authorization: basic(`PERIODS/OPS:${WATCHER_PASSWORD}`) };
    expect((await fetch(`${test.baton.restUrl}/100/forecasts/${forecastId}`, { headers: periods })).status).toBe(200);
    const secretForecast = await post("/forecasts", { forecastOption: "execution", execution: { runId: secret, title: "the secret one's next runs", days: 1 } }, admin);
    const secretForecastId = ((await secretForecast.json()) as { forecast_id: string }).forecast_id;
    expect((await fetch(`${test.baton.restUrl}/100/forecasts/${secretForecastId}`, { headers: watcher })).status).toBe(403);
    expect((await fetch(`${test.baton.restUrl}/100/forecasts/${secretForecastId}`, { headers: periods })).status).toBe(200);
    expect((await cancel(secret, watcher)).status).toBe(403);
    expect((await cancel(secret, admin)).status).toBe(200);
    expect((await cancel(open, watcher)).status).toBe(200);

    const containerEnded = (events: readonly ReceivedEvent[]) => executionEvents(events).some((e) => e.execution.run_id === open && e.execution.status >= 1800);
    const replayed = executionEvents(await readEvents(`${base}/bff/events`, { cookie: await login("WATCHER", "OPS", WATCHER_PASSWORD), "last-event-id": "0" }, containerEnded));
    expect(replayed.filter((e) => e.execution.run_id === open).map((e) => e.execution.type)).toContain("C_PERIOD");
    expect(replayed.map((e) => e.execution.run_id)).not.toContain(secret);
  });

  it("replays from Last-Event-ID 0 the events of OBJ.OPEN and none of OBJ.SECRET, which an administrator's replay has", async () => {
    const replayed = await readEvents(`${base}/bff/events`, { cookie: await login("WATCHER", "OPS", WATCHER_PASSWORD), "last-event-id": "0" }, (events) => openEnded(events, earlierOpen));
    const names = executionEvents(replayed).map((e) => e.execution.name);
    expect(names).toContain("OBJ.OPEN");
    expect(names).not.toContain("OBJ.SECRET");

    const asAdmin = await readEvents(`${base}/bff/events`, { cookie: await login("ADMIN", "ADMIN", ADMIN_PASSWORD), "last-event-id": "0" }, (events) => openEnded(events, earlierOpen));
    expect(executionEvents(asAdmin).filter((e) => e.execution.run_id === earlierSecret).map((e) => e.execution.status)).toContain(1900);
  });
});
