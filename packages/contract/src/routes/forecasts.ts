import { jsonAnswer } from "../openapi/answers";
import {
  ForecastAgentsQuery,
  ForecastIdParam,
  ForecastListQuery,
  ForecastQuery,
  InForecastBody,
  InForecastDeleteBody,
  InModifyForecastBody,
  OutForecast,
  OutForecastAgentList,
  OutForecastId,
  OutForecastList,
  OutIdList,
} from "../schemas/forecasts";
import { defineOperation, noBody, noParams } from "./operation";
import { ClientParams } from "./params";

const ForecastParams = ClientParams.extend({ forecast_id: ForecastIdParam });

/** The forecasts part of the interface. */
export const forecastOperations = {
  postForecasts: defineOperation({
    method: "POST",
    path: "/:client_id/forecasts",
    summary: "Calculates and stores a forecast",
    answer: jsonAnswer(OutForecastId, "The id of the new forecast"),
    params: ClientParams,
    query: noParams,
    body: InForecastBody,
  }),
  getForecasts: defineOperation({
    method: "GET",
    path: "/:client_id/forecasts",
    summary: "The stored forecasts, newest start first",
    answer: jsonAnswer(OutForecastList, "A page of forecasts"),
    params: ClientParams,
    query: ForecastListQuery,
    body: noBody,
  }),
  deleteForecasts: defineOperation({
    method: "DELETE",
    path: "/:client_id/forecasts",
    summary: "Deletes forecasts",
    answer: jsonAnswer(OutIdList, "The ids deleted"),
    params: ClientParams,
    query: noParams,
    body: InForecastDeleteBody,
  }),
  getForecastsAgents: defineOperation({
    method: "GET",
    path: "/:client_id/forecasts/agents",
    summary: "Gaps on agents in a time frame, from the forecasts",
    answer: jsonAnswer(OutForecastAgentList, "The agents with their free slots"),
    params: ClientParams,
    query: ForecastAgentsQuery,
    body: noBody,
  }),
  getForecastsForecastId: defineOperation({
    method: "GET",
    path: "/:client_id/forecasts/:forecast_id",
    summary: "One forecast with its entries",
    answer: jsonAnswer(OutForecast, "The forecast"),
    params: ForecastParams,
    query: ForecastQuery,
    body: noBody,
  }),
  postForecastsForecastId: defineOperation({
    method: "POST",
    path: "/:client_id/forecasts/:forecast_id",
    summary: "Changes the title of a forecast",
    answer: jsonAnswer(OutForecast, "The forecast"),
    params: ForecastParams,
    query: noParams,
    body: InModifyForecastBody,
  }),
};
