import { Status, type ObjectBody } from "@baton/contract";
import { substituteVariables } from "@baton/script";
import type { Logger } from "pino";
import type { Execution } from "../domain/execution";
import { objectVariables } from "../domain/job-script";
import { readNotification } from "../domain/notification";
import type { Store } from "../store/connect";
import { queueWebhook } from "../store/callbacks-store";
import { setExecutionVariables } from "../store/execution-variables-store";
import type { CallbackPolicy } from "./callback-policy";
import type { Clock } from "./clock";
import type { ExecutionRecorder } from "./execution-recorder";
import { ReportWriter } from "./report-writer";

/**
 * Runs notifications (CALL): the message (object variables substituted) goes to the ACT report and
 * the execution's variables (&SUBJECT#, &MESSAGE#, &PRIORITY#), where the console inbox reads it;
 * a webhook gets it through the callback outbox. It stays active (1550) until acknowledged, or ends
 * at once when no acknowledgement is required.
 */
export class NotificationRunner {
  constructor(private readonly deps: { store: Store; clock: Clock; recorder: ExecutionRecorder; policy: CallbackPolicy; logger: Logger; poke: () => void }) {}

  async start(execution: Execution, body: ObjectBody): Promise<void> {
    const { store, clock, recorder } = this.deps;
    const act = new ReportWriter(store, clock, execution.client, execution.runId, "ACT");
    act.line(`U00011409 Notification '${execution.name}' activated with RunID '${execution.runId}' by ${execution.user}.`);
    let notification;
    try {
      notification = readNotification(body);
      if (notification.webhookUrl !== undefined) await this.deps.policy.check(notification.webhookUrl);
    } catch (error) {
      act.line(`U00011414 The notification cannot be sent: ${error instanceof Error ? error.message : String(error)}.`);
      await act.end();
      await recorder.change(execution, { status: Status.FAULT_OTHER, endTime: clock.now() });
      return;
    }
    const variables = objectVariables(body);
    const lookup = (name: string) => variables.get(name);
    const subject = substituteVariables(notification.subject, lookup);
    const message = substituteVariables(notification.message, lookup);
    act.line(`U00011440 ${notification.priority} ${subject ? `${subject}: ` : ""}${message}`);
    await act.end();
    await setExecutionVariables(store.db, execution.client, execution.runId, {
      variables: { "&SUBJECT#": subject, "&MESSAGE#": message, "&PRIORITY#": notification.priority },
      returned: {},
      passed: {},
    });
    if ((await recorder.claim(execution, Status.PREPARING, { status: Status.ACTIVE, startTime: clock.now() })) === undefined) return;
    if (notification.webhookUrl !== undefined) {
      const payload = JSON.stringify({ event: "notification", client: execution.client, run_id: execution.runId, name: execution.name, priority: notification.priority, subject, message });
      await queueWebhook(store.db, execution.client, execution.runId, notification.webhookUrl, payload, clock.now());
      this.deps.poke();
    }
    if (!notification.ackRequired) await recorder.change(execution, { status: Status.ENDED_OK, endTime: clock.now() });
  }

  /** An operator acknowledged an active notification: it ends OK. */
  async acknowledge(execution: Execution, user: string): Promise<Execution | undefined> {
    const { store, clock, recorder } = this.deps;
    const acknowledged = await recorder.claim(execution, Status.ACTIVE, { status: Status.ENDED_OK, endTime: clock.now() });
    if (acknowledged) {
      const act = new ReportWriter(store, clock, execution.client, execution.runId, "ACT");
      act.line(`U00011441 Acknowledged by ${user}.`);
      await act.end();
    }
    return acknowledged;
  }
}
