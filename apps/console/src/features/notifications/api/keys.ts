export const notificationKeys = {
  all: (client: number) => ["notifications", client] as const,
  /** The notifications waiting for acknowledgement (status 1550), newest first. */
  waiting: (client: number) => [...notificationKeys.all(client), "waiting"] as const,
  /** Subject, message and priority of one notification (its execution variables). */
  text: (client: number, runId: number) => [...notificationKeys.all(client), "text", runId] as const,
};
