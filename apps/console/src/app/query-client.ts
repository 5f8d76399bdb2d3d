import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, NetworkError } from "../lib/api-client";
import { REST_PREFIX } from "../lib/rest-operations";
import { sessionKeys } from "../features/auth/api/keys";

function sessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.url.startsWith(`${REST_PREFIX}/`);
}

/**
 * The app's query client. A 401 from the API means the BFF session is gone: clearing the cached
 * session makes the login guard send the user to /login?next=<this page>.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (sessionEnded(error)) queryClient.setQueryData(sessionKeys.current, null);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // Client errors (404, 403, …) will not go away by asking again.
        retry: (failureCount, error) =>
          failureCount < 2 && (error instanceof NetworkError || (error instanceof ApiError && error.status >= 500)),
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
