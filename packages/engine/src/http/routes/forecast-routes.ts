import {
  ForecastAgentsQuery,
  ForecastIdParam,
  ForecastListQuery,
  ForecastQuery,
  InForecastBody,
  InForecastDeleteBody,
  InModifyForecastBody,
  jsonAnswer,
  OutForecast,
  OutForecastAgentList,
  OutForecastId,
  OutForecastList,
  OutIdList,
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
      summary: "Calculates and stores a forecast",
      answer: jsonAnswer(OutForecastId, "The id of the new forecast"),
      params: ClientParams,
      query: noParams,
      body: InForecastBody,
      handle: async ({ principal, body }) => ({ forecast_id: String(await forecasts.create(principal, body)) }),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/forecasts",
      summary: "The stored forecasts, newest start first",
      answer: jsonAnswer(OutForecastList, "A page of forecasts"),
      params: ClientParams,
      query: ForecastListQuery,
      body: noBody,
      handle: async ({ principal, query }) => {
        const { total, forecasts: page, hasmore } = await forecasts.list(principal, query);
        return { total, data: page.map(presentForecast), hasmore };
      },
    }),
    defineRoute({
      method: "DELETE",
      path: "/:client_id/forecasts",
      summary: "Deletes forecasts",
      answer: jsonAnswer(OutIdList, "The ids deleted"),
      params: ClientParams,
      query: noParams,
      body: InForecastDeleteBody,
      handle: async ({ principal, body }) => ({ ids: await forecasts.remove(principal, body.ids, body.force) }),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/forecasts/agents",
      summary: "Gaps on agents in a time frame, from the forecasts",
      answer: jsonAnswer(OutForecastAgentList, "The agents with their free slots"),
      params: ClientParams,
      query: ForecastAgentsQuery,
      body: noBody,
      handle: async ({ principal, query }) => {
        const { total, agents, hasmore } = await forecasts.agentGaps(principal, query);
        return { total, data: agents.map(presentAgentSlots), hasmore };
      },
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/forecasts/:forecast_id",
      summary: "One forecast with its entries",
      answer: jsonAnswer(OutForecast, "The forecast"),
      params: ForecastParams,
      query: ForecastQuery,
      body: noBody,
      handle: async ({ principal, params, query }) => presentForecast(await forecasts.get(principal, params.forecast_id, query)),
    }),
    defineRoute({
      method: "POST",
      path: "/:client_id/forecasts/:forecast_id",
      summary: "Changes the title of a forecast",
      answer: jsonAnswer(OutForecast, "The forecast"),
      params: ForecastParams,
      query: noParams,
      body: InModifyForecastBody,
      handle: async ({ principal, params, body }) => presentForecast(await forecasts.retitle(principal, params.forecast_id, body.title)),
    }),
  ];
}
