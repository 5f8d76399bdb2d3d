import {
  ForecastAgentsQuery,
  ForecastIdParam,
  ForecastListQuery,
  ForecastQuery,
  InForecastBody,
  InForecastDeleteBody,
  InModifyForecastBody,
  type OutForecast,
  type OutForecastAgentList,
  type OutForecastId,
  type OutForecastList,
  type OutIdList,
} from "@baton/contract";
import type { ForecastService } from "../../forecast/forecast-service";
import { presentAgentSlots, presentForecast } from "../presenters/forecast-presenter";
import { defineRoute, noBody, noParams } from "../route";
import { ClientParams } from "./params";

const ForecastParams = ClientParams.extend({ forecast_id: ForecastIdParam });

/** The forecasts part of the interface. */
export function forecastRoutes(forecasts: ForecastService) {
  return [
    defineRoute({
      method: "POST",
      path: "/:client_id/forecasts",
      params: ClientParams,
      query: noParams,
      body: InForecastBody,
      handle: async ({ principal, body }): Promise<OutForecastId> => ({ forecast_id: String(await forecasts.create(principal, body)) }),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/forecasts",
      params: ClientParams,
      query: ForecastListQuery,
      body: noBody,
      handle: async ({ principal, query }): Promise<OutForecastList> => {
        const { total, forecasts: page, hasmore } = await forecasts.list(principal, query);
        return { total, data: page.map(presentForecast), hasmore };
      },
    }),
    defineRoute({
      method: "DELETE",
      path: "/:client_id/forecasts",
      params: ClientParams,
      query: noParams,
      body: InForecastDeleteBody,
      handle: async ({ principal, body }): Promise<OutIdList> => ({ ids: await forecasts.remove(principal, body.ids, body.force) }),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/forecasts/agents",
      params: ClientParams,
      query: ForecastAgentsQuery,
      body: noBody,
      handle: async ({ principal, query }): Promise<OutForecastAgentList> => {
        const { total, agents, hasmore } = await forecasts.agentGaps(principal, query);
        return { total, data: agents.map(presentAgentSlots), hasmore };
      },
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/forecasts/:forecast_id",
      params: ForecastParams,
      query: ForecastQuery,
      body: noBody,
      handle: async ({ principal, params, query }): Promise<OutForecast> => presentForecast(await forecasts.get(principal, params.forecast_id, query)),
    }),
    defineRoute({
      method: "POST",
      path: "/:client_id/forecasts/:forecast_id",
      params: ForecastParams,
      query: noParams,
      body: InModifyForecastBody,
      handle: async ({ principal, params, body }): Promise<OutForecast> => presentForecast(await forecasts.retitle(principal, params.forecast_id, body.title)),
    }),
  ];
}
