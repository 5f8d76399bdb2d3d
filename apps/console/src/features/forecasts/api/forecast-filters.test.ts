import { describe, expect, it } from "vitest";
import { forecastFiltersFromSearch, forecastFiltersToQuery, forecastFiltersToSearch } from "./forecast-filters";

describe("forecast filters in the URL", () => {
  it("reads title and type, upper-casing the type and dropping unknown ones", () => {
    expect(forecastFiltersFromSearch(new URLSearchParams("title=NIGHT*&type=afcst"))).toEqual({ title: "NIGHT*", type: "AFCST" });
    expect(forecastFiltersFromSearch(new URLSearchParams("type=OTHER"))).toEqual({ title: "", type: "" });
  });

  it("writes only what is set, and round-trips", () => {
    expect(forecastFiltersToSearch({ title: "", type: "" }).toString()).toBe("");
    const search = forecastFiltersToSearch({ title: "A B?", type: "FCST" });
    expect(search.toString()).toBe("title=A+B%3F&type=FCST");
    expect(forecastFiltersFromSearch(search)).toEqual({ title: "A B?", type: "FCST" });
  });

  it("names the REST parameters", () => {
    expect(forecastFiltersToQuery({ title: "X*", type: "FCST" })).toEqual({ fc_title: "X*", fc_type: "FCST" });
  });
});
