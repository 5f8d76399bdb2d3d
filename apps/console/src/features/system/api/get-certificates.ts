import { queryOptions, useQuery } from "@tanstack/react-query";
import { OutCertificatesList } from "@baton/contract";
import { requestJson } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { systemKeys } from "./keys";
import { systemPath } from "./system-path";

/** GET /api/{client}/system/certificates: the chain the engine serves HTTPS with; empty over plain HTTP. */
export function getCertificates(client: number, signal?: AbortSignal): Promise<OutCertificatesList> {
  return requestJson(systemPath(client, "certificates"), OutCertificatesList, { signal });
}

export function certificatesQueryOptions(client: number) {
  return queryOptions({ queryKey: systemKeys.certificates(client), queryFn: ({ signal }) => getCertificates(client, signal) });
}

export function useCertificates() {
  const { client } = useCurrentSession();
  return useQuery(certificatesQueryOptions(client));
}
