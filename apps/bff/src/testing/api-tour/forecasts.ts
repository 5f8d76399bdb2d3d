import { OutForecast, OutForecastId } from "@baton/contract";
import type { ApiTour } from "./tour";
import { until } from "../test-baton";
import { FAR_AHEAD } from "./executions";
import { HELLO_FLOW } from "./objects";

const FORECASTS = "/{client_id}/forecasts";
const FORECAST = `${FORECASTS}/{forecast_id}`;
const NO_FORECAST = { forecast_id: 2_000_000_000 };

/** Forecasts the tour's workflow, lists, reads, retitles and deletes the forecast, and finds free time on the agents. */
export async function tourForecasts(tour: ApiTour): Promise<void> {
  const body = { forecast_option: "object", object: { name: HELLO_FLOW, start: FAR_AHEAD, title: "Tour workflow" } };
  const created = OutForecastId.parse(await tour.call(`POST ${FORECASTS}`, { title: "Forecast a workflow from a start time", json: body }));
  const forecast_id = Number(created.forecast_id);
  await tour.call(`POST ${FORECASTS}`, { title: "An unknown forecast option", json: { forecast_option: "objects", object: body.object } }, 400);
  await until(async () => OutForecast.parse(await (await tour.test.rest(`/100/forecasts/${forecast_id}`)).json()).status !== 1550);

  await tour.call(`GET ${FORECASTS}`, { title: "List forecasts", query: { max_results: 5 } });
  await tour.call(`GET ${FORECASTS}`, { title: "An unknown forecast type", query: { fc_type: "OTHER" } }, 400);
  await tour.call(`GET ${FORECAST}`, { title: "A forecast with its entries", params: { forecast_id }, query: { fields: "entries" } });
  await tour.call(`GET ${FORECAST}`, { title: "A forecast that does not exist", params: NO_FORECAST }, 404);
  await tour.call(`POST ${FORECAST}`, { title: "Retitle a forecast", params: { forecast_id }, json: { title: "Tour workflow, Monday" } });
  await tour.call(`POST ${FORECAST}`, { title: "A forecast that does not exist", params: NO_FORECAST, json: { title: "Nothing" } }, 404);
  const day = { from: "2030-01-07T00:00:00Z", to: "2030-01-08T00:00:00Z", min_duration: "PT1H" };
  await tour.call(`GET ${FORECASTS}/agents`, { title: "Free time on the agents", query: day });
  await tour.call(`GET ${FORECASTS}/agents`, { title: "A range without its start", query: { to: day.to } }, 400);
  await tour.call(`DELETE ${FORECASTS}`, { title: "Delete forecasts", json: { ids: [forecast_id] } });
  await tour.call(`DELETE ${FORECASTS}`, { title: "An id given twice", json: { ids: [forecast_id, forecast_id] } }, 400);
}
