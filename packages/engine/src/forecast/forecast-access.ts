import { ErrorCode, type ForecastListQuery, type ForecastQuery } from "@baton/contract";
import { requireRight } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import { allows } from "../domain/authorization";
import { NotFoundError } from "../domain/errors";
import type { EntryFilter, Forecast } from "../store/forecasts-store";

/*
 * Reading a forecast needs the right its subject asked for when it was created (read on an
 * object, statistics on an execution); a client forecast has no subject and needs none.
 */

export function mayReadForecast(principal: Principal, forecast: Forecast): boolean {
  return forecast.subject === null || allows(principal.rights, forecast.subject.right, forecast.subject.type, forecast.subject.name);
}

/** Throws the 403 of the right the forecast's subject asks for, unless the principal has it. */
export function requireReadForecast(principal: Principal, forecast: Forecast): void {
  if (forecast.subject !== null) requireRight(principal, forecast.subject.right, forecast.subject.type, forecast.subject.name);
}

export function forecastNotFound(client: number, id: number): NotFoundError {
  return new NotFoundError(ErrorCode.FORECAST_NOT_FOUND, "Forecast not found.", `Forecast ${id} does not exist in client ${client}.`);
}

/** The entries a forecast query asks for. */
export function entryFilterOf(query: ForecastQuery | ForecastListQuery): EntryFilter {
  return {
    name: query.name,
    objectTypes: query.type,
    startFrom: query.estimated_start_from,
    startTo: query.estimated_start_to,
    agentDestination: query.agent_destination,
    agentSource: query.agent_source,
    platforms: query.platform_destination,
  };
}
