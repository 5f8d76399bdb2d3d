import { createServer, type Server } from "node:http";
import { ErrorCode, InChangeExecutionStatusBody, parseStatusTerms, Status } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../testing/test-databases";
import { refusal, startTestEngine, until, type TestEngine } from "../testing/test-engine";

function notification(name: string, attributes: Record<string, string>, message = "Disk of &HOST# is full") {
  return {
    data: {
      call: {
        general_attributes: { name, type: "CALL" },
        notification_content: { subject: "Storage", message },
        notification_attributes: attributes,
        object_variables: [{ name: "&HOST#", value: "db01" }],
      },
    },
    path: "",
  };
}

describe.each(testDialects)("notifications on %s", (dialect) => {
  let test: TestEngine;
  // The webhook is an outside party: a real HTTP server, which sees the wire body.
  let receiver: Server;
  let url = "";
  const bodies: string[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        bodies.push(body);
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const address = receiver.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/notify`;
    test = await startTestEngine(dialect, { engine: { callbackAllow: "127.0.0.0/8" } });
  });
  afterAll(async () => {
    await test.stop();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const acknowledge = (runId: number, action: string) => test.engine.executions.changeStatus(test.admin, runId, InChangeExecutionStatusBody.parse({ action }));

  it("waits in the inbox until acknowledged, with its message, and posts it to the webhook", async () => {
    await test.importObjects(notification("CALL.DISK", { priority: "high", webhook_url: url }));
    const runId = await test.start("CALL.DISK");
    await test.waitForStatus(runId, Status.ACTIVE);
    const inbox = await test.engine.executions.list(test.admin, { objectTypes: ["CALL"], status: statusTerms("1550") }, { maxResults: 50 });
    expect(inbox.executions.map((e) => [e.runId, e.objectType])).toEqual([[runId, "CALL"]]);
    expect(await test.engine.executions.variables(test.admin, runId)).toEqual({ "&SUBJECT#": "Storage", "&MESSAGE#": "Disk of db01 is full", "&PRIORITY#": "HIGH" });
    await until(() => bodies.length === 1);
    expect(JSON.parse(bodies[0] ?? "{}")).toMatchObject({ event: "notification", run_id: runId, priority: "HIGH", subject: "Storage", message: "Disk of db01 is full" });

    await acknowledge(runId, "Acknowledge");
    expect(await test.waitForEnd(runId)).toMatchObject({ status: 1900 });
    expect(await refusal(acknowledge(runId, "acknowledge"))).toMatchObject({ kind: "bad_request", code: ErrorCode.INVALID_TRANSITION });
  });

  it("ends at once when no acknowledgement is required", async () => {
    await test.importObjects(notification("CALL.INFO", { priority: "LOW", ack_required: "0" }));
    expect(await test.waitForEnd(await test.start("CALL.INFO"))).toMatchObject({ status: 1900 });
  });

  it("refuses a notification without a message or with an unknown priority", async () => {
    for (const [envelope, error] of [
      [notification("CALL.EMPTY", {}, " "), "message is required"],
      [notification("CALL.PRIO", { priority: "URGENT" }), "URGENT"],
    ] as const) {
      const refused = await refusal(test.importObjects(envelope));
      expect(refused).toMatchObject({ kind: "validation", issues: [expect.objectContaining({ code: ErrorCode.INVALID_OBJECT, error: expect.stringContaining(error) })] });
    }
  });
});

/** Status filter terms as the list's `status` parameter names them. */
function statusTerms(...values: string[]) {
  const parsed = parseStatusTerms(values);
  if ("invalid" in parsed) throw new Error(`not status terms: ${values.join(",")}`);
  return parsed.terms;
}
