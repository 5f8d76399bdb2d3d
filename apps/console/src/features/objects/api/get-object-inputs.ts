import { useQuery } from "@tanstack/react-query";
import { getObjectInputs } from "../../../lib/object-inputs";
import { useCurrentSession } from "../../../lib/session-context";
import { objectKeys } from "./keys";

/** The object's prompt inputs, read only while the execute dialog is open. */
export function useObjectInputs(name: string, enabled: boolean) {
  const { client } = useCurrentSession();
  return useQuery({ queryKey: objectKeys.inputs(client, name), queryFn: ({ signal }) => getObjectInputs(client, name, signal), enabled });
}
