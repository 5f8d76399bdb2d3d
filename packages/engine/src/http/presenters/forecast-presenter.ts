import { statusText, type OutForecast, type OutForecastAgent, type OutForecastEntry } from "@baton/contract";
import { Duration } from "luxon";
import type { AgentSlots, ForecastView } from "../../forecast/forecast-service";
import { wireTime } from "../../domain/wire-time";
import type { ForecastEntry } from "../../store/forecasts-store";
import { iso, optional } from "./execution-presenter";

/** OutForecast: times ISO 8601 UTC, the error only after a failure, entries only when asked for. */
export function presentForecast({ forecast, entries }: ForecastView): OutForecast {
  return {
    id: forecast.id,
    title: forecast.title,
    start_time: wireTime(forecast.startTime),
    end_time: wireTime(forecast.endTime),
    status: forecast.status,
    status_text: statusText(forecast.status),
    type: forecast.type,
    user: forecast.user,
    estimated_start: iso(forecast.estimatedStart),
    estimated_end: iso(forecast.estimatedEnd),
    last_error_message: optional(forecast.lastErrorMessage),
    last_error_code: optional(forecast.lastErrorCode),
    entries: entries?.map(presentEntry),
  };
}

export function presentEntry(entry: ForecastEntry): OutForecastEntry {
  return {
    id: entry.id,
    parent: entry.parent,
    name: entry.name,
    type: entry.objectType,
    container_type: optional(entry.containerType),
    estimated_start: iso(entry.estimatedStart),
    estimated_end: iso(entry.estimatedEnd),
    estimated_runtime: optional(entry.estimatedRuntime),
    agent_source: optional(entry.agentSource),
    agent_destination: optional(entry.agentDestination),
    platform_destination: optional(entry.platformDestination),
    status: optional(entry.status),
    status_text: entry.status === null ? undefined : statusText(entry.status),
    login_source: optional(entry.loginSource),
    login_destination: optional(entry.loginDestination),
  };
}

/** An agent with its gaps, each duration as ISO 8601 (PT1H30M). */
export function presentAgentSlots({ agent, slots }: AgentSlots): OutForecastAgent {
  return {
    agent,
    slots: slots.map((slot) => ({
      from: wireTime(slot.from),
      to: wireTime(slot.to),
      duration: Duration.fromMillis(slot.to - slot.from).shiftTo("days", "hours", "minutes", "seconds").toISO() ?? "PT0S",
    })),
  };
}
