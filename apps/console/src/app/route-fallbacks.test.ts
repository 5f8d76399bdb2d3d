import { describe, expect, it } from "vitest";
import type { RouteObject } from "react-router";
import { withHydrateFallbacks } from "./route-fallbacks";

const lazy = async () => ({});
const Own = () => null;

describe("withHydrateFallbacks", () => {
  it("gives every lazy route a fallback, nested and index ones too, and leaves the others and own fallbacks alone", () => {
    const routes: RouteObject[] = [
      { path: "/login", lazy },
      { path: "/", children: [{ index: true, lazy }, { path: "system", lazy, children: [{ path: "agents", lazy }] }, { path: "own", lazy, HydrateFallback: Own }, { path: "*" }] },
    ];
    const [login, root] = withHydrateFallbacks(routes);
    expect(login?.HydrateFallback).toBeTypeOf("function");
    expect(root?.HydrateFallback).toBeUndefined();
    const [index, system, own, notFound] = root?.children ?? [];
    expect(index?.HydrateFallback).toBe(login?.HydrateFallback);
    expect(system?.HydrateFallback).toBe(login?.HydrateFallback);
    expect(system?.children?.[0]?.HydrateFallback).toBe(login?.HydrateFallback);
    expect(own?.HydrateFallback).toBe(Own);
    expect(notFound?.HydrateFallback).toBeUndefined();
  });
});
