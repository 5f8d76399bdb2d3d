import type { ErtGroupOption, InForecastBody } from "@baton/contract";
export type ForecastOption = InForecastBody["forecast_option"];

/** The dialog's fields as typed; only those of the chosen option are sent. */
export interface ForecastForm {
  option: ForecastOption;
  title: string;
  /** Object option. */
  name: string;
  /** The API's UTC value ("" when the field was emptied). */
  start: string;
  /** Execution option. */
  runId: string;
  /** Execution and client options; "" for the server's default. */
  days: string;
  ertGroupOption: ErtGroupOption;
  /** Seconds, with ERT option "fixed". */
  fixed: string;
}

/** A number as typed; NaN is sent as it is read so that the server names the field (no guessing here). */
function numberOf(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

function ertOf(form: ForecastForm): { ert_group_option: ErtGroupOption; fixed?: number } {
  if (form.ertGroupOption !== "fixed") return { ert_group_option: form.ertGroupOption };
  return form.fixed.trim() === "" ? { ert_group_option: "fixed" } : { ert_group_option: "fixed", fixed: numberOf(form.fixed) };
}

/** The body of POST /forecasts for the chosen option. */
export function forecastBody(form: ForecastForm): InForecastBody {
  const title = form.title.trim();
  if (form.option === "object") {
    return { forecast_option: "object", object: { name: form.name.trim(), start: form.start, title, ...ertOf(form) } };
  }
  if (form.option === "execution") {
    const days = form.days.trim() === "" ? 1 : numberOf(form.days);
    return { forecast_option: "execution", execution: { run_id: numberOf(form.runId), title, days, ...ertOf(form) } };
  }
  return {
    forecast_option: "client",
    client: { ...(title === "" ? {} : { title }), ...(form.days.trim() === "" ? {} : { days: numberOf(form.days) }) },
  };
}

/** The fields a refusal of the server can be shown under. */
export type FormField = Exclude<keyof ForecastForm, "option">;

/**
 * The fields the contract requires for the chosen option that are empty, each with what to enter;
 * the dialog says so before sending. The title may be empty (the list then names the forecast by its number).
 */
export function missingFields(form: ForecastForm): Partial<Record<FormField, string>> {
  const empty = (text: string) => text.trim() === "";
  const missing: Partial<Record<FormField, string>> = {};
  if (form.option === "object") {
    if (empty(form.name)) missing.name = "Required: enter the name of the object to forecast.";
    if (empty(form.start)) missing.start = "Required: enter when the object starts.";
  }
  if (form.option === "execution" && empty(form.runId)) missing.runId = "Required: enter the run ID of an execution that has not ended.";
  if (form.option !== "client" && form.ertGroupOption === "fixed" && empty(form.fixed)) missing.fixed = "Required: enter the runtime in seconds.";
  return missing;
}

const FIELD_OF_MEMBER: Readonly<Record<string, FormField>> = {
  name: "name",
  start: "start",
  title: "title",
  run_id: "runId",
  days: "days",
  ert_group_option: "ertGroupOption",
  fixed: "fixed",
};

/** The server's path of a problem (`object.fixed`, `execution.run_id`) → the field it is about; null for others. */
export function fieldOfPath(path: string | null): FormField | null {
  const match = /^(?:object|execution|client)\.([a-z_]+)$/.exec(path ?? "");
  return (match?.[1] !== undefined ? FIELD_OF_MEMBER[match[1]] : undefined) ?? null;
}
