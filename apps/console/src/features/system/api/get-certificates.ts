import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutCertificatesList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { systemKeys } from "./keys";

/** GET /api/{client}/system/certificates: the chain the engine serves HTTPS with; empty over plain HTTP. */
export function getCertificates(client: number, signal?: AbortSignal): Promise<OutCertificatesList> {
  return callOperation("getSystemCertificates", { params: { client_id: client }, signal });
}

export function certificatesQueryOptions(client: number) {
  return queryOptions({ queryKey: systemKeys.certificates(client), queryFn: ({ signal }) => getCertificates(client, signal) });
}

export function useCertificates() {
  const { client } = useCurrentSession();
  return useQuery(certificatesQueryOptions(client));
}
