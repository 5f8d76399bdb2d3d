import type { RouteObject } from "react-router";
import { LoadingState } from "../components/loading-state";

function ScreenLoading() {
  return <LoadingState label="Loading the screen…" />;
}

/**
 * Gives every route whose code loads on demand (`lazy`) a HydrateFallback: when a page is opened
 * at such a route, the router shows it (inside the shell of the routes above) while the code loads,
 * instead of rendering nothing and warning that no fallback was provided. Routes added later get
 * one too.
 */
export function withHydrateFallbacks(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? { children: withHydrateFallbacks(route.children) } : {};
    const fallback = route.lazy && !route.HydrateFallback && !route.hydrateFallbackElement ? { HydrateFallback: ScreenLoading } : {};
    // Index routes cannot have children: they are copied as they are, with a fallback when lazy.
    return route.index ? { ...route, ...fallback } : { ...route, ...fallback, ...children };
  });
}
