import { Navigate, createBrowserRouter } from "react-router";
import { ExecutionsPage } from "../features/executions/components/executions-page";
import { AppShell } from "./app-shell";
import { NotFoundPage } from "./not-found-page";
import { withHydrateFallbacks } from "./route-fallbacks";
import { RequireSession } from "./require-session";

export function createRouter() {
  return createBrowserRouter(
    withHydrateFallbacks([
      // The login form is not part of the executions list's first load: it loads when first opened.
      { path: "/login", lazy: async () => ({ Component: (await import("../features/auth/components/login-page")).LoginPage }) },
      {
        path: "/",
        element: (
          <RequireSession>
            <AppShell />
          </RequireSession>
        ),
        children: [
          { index: true, element: <Navigate to="/executions" replace /> },
          // The executions list is the first screen and comes with the app; every other screen loads
          // when it is first opened, so that the first page needs no code of the others.
          { path: "executions", element: <ExecutionsPage /> },
          { path: "executions/:runId", lazy: async () => ({ Component: (await import("../features/executions/components/execution-detail-page")).ExecutionDetailPage }) },
          { path: "notifications", lazy: async () => ({ Component: (await import("../features/notifications/components/inbox-page")).InboxPage }) },
          { path: "objects", lazy: async () => ({ Component: (await import("../features/objects/components/objects-page")).ObjectsPage }) },
          { path: "objects/:name", lazy: async () => ({ Component: (await import("../features/objects/components/object-page")).ObjectPage }) },
          { path: "search", lazy: async () => ({ Component: (await import("../features/search/components/search-page")).SearchPage }) },
          { path: "forecasts", lazy: async () => ({ Component: (await import("../features/forecasts/components/forecasts-page")).ForecastsPage }) },
          { path: "forecasts/agents", lazy: async () => ({ Component: (await import("../features/forecasts/components/agent-gaps-page")).AgentGapsPage }) },
          { path: "forecasts/:id", lazy: async () => ({ Component: (await import("../features/forecasts/components/forecast-detail-page")).ForecastDetailPage }) },
          // The editor is large: the Scripts screen and CodeMirror load when it is first opened.
          { path: "scripts", lazy: async () => ({ Component: (await import("../features/scripts/components/scripts-page")).ScriptsPage }) },
          // Git work and the diff view (CodeMirror) are loaded when the screen is first opened.
          { path: "repository", lazy: async () => ({ Component: (await import("../features/repository/components/repository-page")).RepositoryPage }) },
          { path: "repository/review", lazy: async () => ({ Component: (await import("../features/repository/components/review-page")).ReviewPage }) },
          // The System screens (and recharts, for the metrics) are loaded when first opened.
          {
            path: "system",
            lazy: async () => ({ Component: (await import("../features/system/components/system-layout")).SystemLayout }),
            children: [
              { index: true, element: <Navigate to="/system/health" replace /> },
              { path: "health", lazy: async () => ({ Component: (await import("../features/system/components/health-page")).HealthPage }) },
              { path: "metrics", lazy: async () => ({ Component: (await import("../features/system/components/metrics-page")).MetricsPage }) },
              { path: "agents", lazy: async () => ({ Component: (await import("../features/system/components/agents-page")).AgentsPage }) },
              { path: "agentgroups", lazy: async () => ({ Component: (await import("../features/system/components/agent-groups-page")).AgentGroupsPage }) },
              { path: "clients", lazy: async () => ({ Component: (await import("../features/system/components/clients-page")).ClientsPage }) },
              { path: "features", lazy: async () => ({ Component: (await import("../features/system/components/features-page")).FeaturesPage }) },
              { path: "certificates", lazy: async () => ({ Component: (await import("../features/system/components/certificates-page")).CertificatesPage }) },
              { path: "ra-solutions", lazy: async () => ({ Component: (await import("../features/system/components/ra-solutions-page")).RaSolutionsPage }) },
            ],
          },
          // The API explorer is opened rarely: it loads when first opened.
          { path: "api-explorer", lazy: async () => ({ Component: (await import("../features/api/components/api-explorer-page")).ApiExplorerPage }) },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ]),
  );
}
