import { describe, expect, it } from "vitest";
import { NO_AGENT_FILTERS, agentFiltersFromSearch, agentFiltersToQuery, agentFiltersToSearch } from "./agent-filters";

describe("agent filters in the URL", () => {
  it("reads every filter and writes them back unchanged", () => {
    const params = new URLSearchParams("name=WIN*&active=no&platform=WINDOWS");
    const filters = agentFiltersFromSearch(params);
    expect(filters).toEqual({ name: "WIN*", active: "no", platform: "WINDOWS" });
    expect(agentFiltersToSearch(filters).toString()).toBe(params.toString());
  });

  it("ignores values it does not know, so a stale link still opens the list", () => {
    expect(agentFiltersFromSearch(new URLSearchParams("active=maybe&platform=OS2"))).toEqual(NO_AGENT_FILTERS);
  });

  it("accepts a platform in lower case", () => {
    expect(agentFiltersFromSearch(new URLSearchParams("platform=unix")).platform).toBe("UNIX");
  });

  it("leaves empty filters out of the URL", () => {
    expect(agentFiltersToSearch(NO_AGENT_FILTERS).toString()).toBe("");
  });
});

describe("agent filters as the API's query", () => {
  it("sends active as a flag", () => {
    expect(agentFiltersToQuery({ ...NO_AGENT_FILTERS, active: "yes" }).active).toBe("true");
    expect(agentFiltersToQuery({ ...NO_AGENT_FILTERS, active: "no" }).active).toBe("false");
  });

  it("sends nothing for 'either'", () => {
    expect(agentFiltersToQuery(NO_AGENT_FILTERS)).toEqual({ name: "", active: "", platform: "" });
  });
});
