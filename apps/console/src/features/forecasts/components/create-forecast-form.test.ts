import { describe, expect, it } from "vitest";
import { fieldOfPath, forecastBody, missingFields, type ForecastForm } from "./create-forecast-form";

const FORM: ForecastForm = { option: "object", title: " Night ", name: " WF.NIGHT ", start: "2026-05-01T04:00:00Z", runId: "", days: "", ertGroupOption: "registration", fixed: "" };

describe("forecastBody", () => {
  it("sends an object forecast with its name and title trimmed and the start in UTC", () => {
    expect(forecastBody(FORM)).toEqual({
      forecast_option: "object",
      object: { name: "WF.NIGHT", start: "2026-05-01T04:00:00Z", title: "Night", ert_group_option: "registration" },
    });
  });

  it("sends fixed seconds only with the fixed option", () => {
    const body = forecastBody({ ...FORM, option: "execution", runId: "1234", days: "3", ertGroupOption: "fixed", fixed: "600" });
    expect(body).toEqual({ forecast_option: "execution", execution: { run_id: 1234, title: "Night", days: 3, ert_group_option: "fixed", fixed: 600 } });
  });

  it("leaves the client option's empty fields to the server's defaults", () => {
    expect(forecastBody({ ...FORM, option: "client", title: "" })).toEqual({ forecast_option: "client", client: {} });
    expect(forecastBody({ ...FORM, option: "client", days: "2" })).toEqual({ forecast_option: "client", client: { title: "Night", days: 2 } });
  });
});

describe("fieldOfPath", () => {
  it("names the field of a refused member, and none for other paths", () => {
    expect(["object.name", "execution.run_id", "client.days", "object.fixed", "forecast_option", "object", null].map(fieldOfPath)).toEqual(["name", "runId", "days", "fixed", null, null, null]);
  });
});

describe("forecastBody with an empty fixed runtime", () => {
  it("leaves it out, so that the server names it as required", () => {
    expect(forecastBody({ ...FORM, ertGroupOption: "fixed" })).toMatchObject({ object: { ert_group_option: "fixed" } });
    expect(forecastBody({ ...FORM, ertGroupOption: "fixed" })).not.toHaveProperty("object.fixed");
  });
});

describe("missingFields", () => {
  const empty: ForecastForm = { ...FORM, title: "", name: " ", start: "" };

  it("asks for the object's name and start, not for a title", () => {
    expect(missingFields(empty)).toEqual({ name: "Required: enter the name of the object to forecast.", start: "Required: enter when the object starts." });
    expect(missingFields({ ...FORM, title: "" })).toEqual({});
  });

  it("asks for the run ID of the execution option, and the fixed runtime when that is chosen", () => {
    expect(missingFields({ ...empty, option: "execution", ertGroupOption: "fixed" })).toEqual({ runId: "Required: enter the run ID of an execution that has not ended.", fixed: "Required: enter the runtime in seconds." });
  });

  it("asks for nothing with the client option", () => {
    expect(missingFields({ ...empty, option: "client", ertGroupOption: "fixed" })).toEqual({});
  });
});
