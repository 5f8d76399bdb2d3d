import { OutRunId } from "@baton/contract";
import { PLAIN_LOGIN, PLAIN_USER, WRONG_LOGIN, type ApiTour } from "./tour";
import { waitForEnd } from "../test-baton";

const SYSTEM = "/{client_id}/system";
const USER = "/{client_id}/users/{user_name}";
const NO_USER = { user_name: "NOBODY/OPS" };
const DAY_MS = 86_400_000;

/** Health, metrics, clients, certificates, features, telemetry and product usage, the users' password and lock; deletes client 100 last. */
export async function tourSystem(tour: ApiTour): Promise<void> {
  await tour.call(`GET ${SYSTEM}/health`, { title: "Is the system healthy?" });
  await tour.call(`GET ${SYSTEM}/health`, { title: "A flag that is not a boolean", query: { details: "maybe" } }, 400);
  await tour.call(`GET ${SYSTEM}/metrics/prometheus`, { title: "Metrics in the Prometheus text format", query: { scrapeIntervalSeconds: 60 } });
  await tour.call(`GET ${SYSTEM}/metrics/prometheus`, { title: "A scrape interval of 0", query: { scrapeIntervalSeconds: 0 } }, 400);
  await tour.test.baton.engine.sampleMetrics();
  await tour.call(`GET ${SYSTEM}/metrics`, { title: "Historic metrics of a type the vendor documents", query: { type: "TimevsDB" } });
  await tour.call(`GET ${SYSTEM}/metrics`, { title: "Historic metrics of one of Baton's series", query: { type: "executions_ended_ok" } });
  await tour.call(`GET ${SYSTEM}/metrics`, { title: "An unknown kind of metric", query: { type: "bogus" } }, 400);
  await tour.call(`GET ${SYSTEM}/certificates`, { title: "The certificates" });
  await tour.call(`GET ${SYSTEM}/certificates`, { title: "A user without the SYSTEM_OVERVIEW privilege", login: PLAIN_LOGIN }, 403);
  await tour.call(`GET ${SYSTEM}/features`, { title: "The features of this installation" });
  await tour.call(`GET ${SYSTEM}/features`, { title: "A wrong password", login: WRONG_LOGIN }, 401);

  const system = { client_id: 0 };
  await tour.call("GET /{client_id}/telemetry/export/{start_from}", { title: "Telemetry of the last months", params: { ...system, start_from: 1 } });
  await tour.call("GET /{client_id}/telemetry/export/{start_from}", { title: "Telemetry of no month", params: { ...system, start_from: 0 } }, 400);
  await tour.call("GET /{client_id}/telemetry/products", { title: "The products telemetry covers", params: system });
  await tour.call("GET /{client_id}/telemetry/products", { title: "The products, read in another client", params: { client_id: 100 } });
  await tour.call("GET /{client_id}/telemetry/products", { title: "A user without the PRODUCT_USAGE privilege", login: PLAIN_LOGIN }, 403);
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  tour.show(String(today / 1000), "1767225600");
  tour.show(String(today + DAY_MS - 1), "1767311999999");
  tour.show(new Date(today + DAY_MS - 1).toISOString(), "2026-01-01T23:59:59.999Z");
  await tour.call("GET /{client_id}/productusage", {
    title: "Product usage per day: epoch seconds with the milliseconds after a dot, or epoch milliseconds",
    params: system,
    query: { start_date: `${today / 1000}.000`, end_date: today + DAY_MS - 1 },
  });
  await tour.call("GET /{client_id}/productusage", { title: "A range without its start", params: system, query: { end_date: today } }, 400);

  const user = { user_name: PLAIN_USER.name };
  await tour.call(`PUT ${USER}/password`, { title: "Set a user's password", params: user, json: { password: PLAIN_USER.password } });
  await tour.call(`PUT ${USER}/password`, { title: "A user that does not exist", params: NO_USER, json: { password: "Nobody-pass1" } }, 404);
  await tour.call(`POST ${USER}/unlock`, { title: "Unlock a user", params: user });
  await tour.call(`POST ${USER}/unlock`, { title: "A user that does not exist", params: NO_USER }, 404);

  await tour.call(`GET ${SYSTEM}/clients`, { title: "The clients", params: system });
  await tour.call(`GET ${SYSTEM}/clients`, { title: "A user without the SYSTEM_OVERVIEW privilege", login: PLAIN_LOGIN }, 403);
  await tour.call(`DELETE ${SYSTEM}/clients/{target_client}`, { title: "A client that does not exist", params: { ...system, target_client: 4242 } }, 404);
  const deletion = OutRunId.parse(await tour.call(`DELETE ${SYSTEM}/clients/{target_client}`, { title: "Delete a client", params: { ...system, target_client: 100 } }));
  await waitForEnd(tour.test, 0, deletion.run_id);
}
