import { isRecord } from "@baton/contract";
import type { ObjectBody } from "@baton/contract";

/** A notification (CALL): a message for the console inbox, and an optional webhook. */
export interface Notification {
  subject: string;
  message: string;
  priority: "HIGH" | "MEDIUM" | "LOW";
  /** Stays active until an operator acknowledges it; otherwise it ends at once. */
  ackRequired: boolean;
  webhookUrl: string | undefined;
}

const PRIORITIES = ["HIGH", "MEDIUM", "LOW"] as const;

/**
 * `notification_content` {subject, message} and `notification_attributes` {priority
 * HIGH/MEDIUM/LOW, ack_required "1"/"0", webhook_url}; throws an Error naming what is wrong.
 */
export function readNotification(body: ObjectBody): Notification {
  const content = isRecord(body["notification_content"]) ? body["notification_content"] : {};
  const attributes = isRecord(body["notification_attributes"]) ? body["notification_attributes"] : {};
  const message = typeof content["message"] === "string" ? content["message"] : "";
  if (message.trim() === "") throw new Error("notification_content.message is required");
  const priority = String(attributes["priority"] ?? "MEDIUM").toUpperCase();
  const known = PRIORITIES.find((p) => p === priority);
  if (known === undefined) throw new Error(`priority '${priority}' is not HIGH, MEDIUM or LOW`);
  const ack = attributes["ack_required"];
  const webhook = typeof attributes["webhook_url"] === "string" && attributes["webhook_url"] !== "" ? attributes["webhook_url"] : undefined;
  return {
    subject: typeof content["subject"] === "string" ? content["subject"] : "",
    message,
    priority: known,
    ackRequired: !(ack === "0" || ack === 0 || ack === false),
    webhookUrl: webhook,
  };
}
