import { queryOptions, useQuery } from "@tanstack/react-query";
import { getObjectInputs } from "../../../lib/object-inputs";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";

export type { ObjectInput } from "../../../lib/object-inputs";

export function objectInputsQueryOptions(client: number, name: string) {
  return queryOptions({
    queryKey: executionKeys.objectInputs(client, name),
    queryFn: ({ signal }) => getObjectInputs(client, name, signal),
  });
}

/** Read only while the restart dialog is open. */
export function useObjectInputs(name: string, enabled: boolean) {
  const { client } = useCurrentSession();
  return useQuery({ ...objectInputsQueryOptions(client, name), enabled });
}
