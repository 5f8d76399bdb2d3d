import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Parser } from "../../../lib/api-client";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { notificationKeys } from "./keys";

export const PRIORITIES = ["HIGH", "MEDIUM", "LOW"] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface NotificationText {
  subject: string;
  message: string;
  priority: Priority;
}

function isPriority(value: unknown): value is Priority {
  return PRIORITIES.some((priority) => priority === value);
}

/**
 * The execution variables of a notification (`SUBJECT#`, `MESSAGE#`, `PRIORITY#`: the API names
 * variables without their leading `&`); the contract has no schema for variables, so the answer
 * is checked here. A missing subject reads as empty, a missing or unknown priority as MEDIUM (the
 * engine's default).
 */
export const notificationTextParser: Parser<NotificationText> = {
  safeParse(value: unknown) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return { success: false, error: { issues: [{ path: [], message: "expected an object of variable names to values" }] } };
    }
    const variables = new Map<string, unknown>(Object.entries(value));
    const subject = variables.get("SUBJECT#") ?? "";
    const message = variables.get("MESSAGE#") ?? "";
    if (typeof subject !== "string") return { success: false, error: { issues: [{ path: ["SUBJECT#"], message: "expected a string" }] } };
    if (typeof message !== "string") return { success: false, error: { issues: [{ path: ["MESSAGE#"], message: "expected a string" }] } };
    const priority = variables.get("PRIORITY#");
    return { success: true, data: { subject, message, priority: isPriority(priority) ? priority : "MEDIUM" } };
  },
};

/** GET /api/{client}/executions/{run_id}/variables, read as a notification's text. */
export function getNotificationText(client: number, runId: number, signal?: AbortSignal): Promise<NotificationText> {
  return callOperation("getExecutionsRunIdVariables", { params: { client_id: client, run_id: runId }, read: notificationTextParser, signal });
}

/** The text is written before the notification turns active and never changes afterwards. */
export function notificationTextQueryOptions(client: number, runId: number) {
  return queryOptions({
    queryKey: notificationKeys.text(client, runId),
    queryFn: ({ signal }) => getNotificationText(client, runId, signal),
    staleTime: Infinity,
  });
}

export function useNotificationText(runId: number) {
  const { client } = useCurrentSession();
  return useQuery(notificationTextQueryOptions(client, runId));
}
