import { operations } from "@baton/contract";
import type { ForecastService } from "../../forecast/forecast-service";
import { presentAgentSlots, presentForecast } from "../presenters/forecast-presenter";
import { bindRoute } from "../route";

/** The forecasts part of the interface. */
export function forecastRoutes(forecasts: ForecastService) {
  return [
    bindRoute(operations.postForecasts, {
      handle: async ({ principal, body }) => ({ forecast_id: String(await forecasts.create(principal, body)) }),
    }),
    bindRoute(operations.getForecasts, {
      handle: async ({ principal, query }) => {
        const { total, forecasts: page, hasmore } = await forecasts.list(principal, query);
        return { total, data: page.map(presentForecast), hasmore };
      },
    }),
    bindRoute(operations.deleteForecasts, {
      handle: async ({ principal, body }) => ({ ids: await forecasts.remove(principal, body.ids, body.force) }),
    }),
    bindRoute(operations.getForecastsAgents, {
      handle: async ({ principal, query }) => {
        const { total, agents, hasmore } = await forecasts.agentGaps(principal, query);
        return { total, data: agents.map(presentAgentSlots), hasmore };
      },
    }),
    bindRoute(operations.getForecastsForecastId, {
      handle: async ({ principal, params, query }) => presentForecast(await forecasts.get(principal, params.forecast_id, query)),
    }),
    bindRoute(operations.postForecastsForecastId, {
      handle: async ({ principal, params, body }) => presentForecast(await forecasts.retitle(principal, params.forecast_id, body.title)),
    }),
  ];
}
