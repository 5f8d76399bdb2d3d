import { createServer, type Server } from "node:http";
import { ErrorCode, OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestBaton, waitForEnd, until, type TestBaton } from "./testing/test-baton";

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

describe("notifications", () => {
  let test: TestBaton;
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
    test = await startTestBaton("sqlite", { BATON_CALLBACK_ALLOW: "127.0.0.0/8" });
  });
  afterAll(async () => {
    await test.stop();
    await new Promise((resolve) => receiver.close(resolve));
  });

  async function start(name: string): Promise<number> {
    return OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: name, executionOption: "execute" }))).json()).run_id;
  }


  it("waits in the inbox until acknowledged, with its message, and posts it to the webhook", async () => {
    await test.rest("/100/objects", json(notification("CALL.DISK", { priority: "high", webhook_url: url })));
    const runId = await start("CALL.DISK");
    await until(async () => OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json()).status === 1550);
    const inbox = OutExecutionList.parse(await (await test.rest("/100/executions?type=CALL&status=1550")).json());
    expect(inbox.data.map((e) => [e.run_id, e.type])).toEqual([[runId, "CALL"]]);
    expect(await (await test.rest(`/100/executions/${runId}/variables`)).json()).toEqual({ "SUBJECT#": "Storage", "MESSAGE#": "Disk of db01 is full", "PRIORITY#": "HIGH" });
    await until(() => bodies.length === 1);
    expect(JSON.parse(bodies[0] ?? "{}")).toMatchObject({ event: "notification", run_id: runId, priority: "HIGH", subject: "Storage", message: "Disk of db01 is full" });

    expect((await test.rest(`/100/executions/${runId}/status`, json({ action: "Acknowledge" }))).status).toBe(200);
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1900 });
    const again = await test.rest(`/100/executions/${runId}/status`, json({ action: "acknowledge" }));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: ErrorCode.INVALID_TRANSITION });
  });

  it("ends at once when no acknowledgement is required", async () => {
    await test.rest("/100/objects", json(notification("CALL.INFO", { priority: "LOW", ack_required: "0" })));
    expect(await waitForEnd(test, 100, await start("CALL.INFO"))).toMatchObject({ status: 1900 });
  });

  it("refuses a notification without a message or with an unknown priority", async () => {
    for (const [envelope, error] of [
      [notification("CALL.EMPTY", {}, " "), "message is required"],
      [notification("CALL.PRIO", { priority: "URGENT" }), "URGENT"],
    ] as const) {
      const response = await test.rest("/100/objects", json(envelope));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual([expect.objectContaining({ code: ErrorCode.INVALID_OBJECT, error: expect.stringContaining(error) })]);
    }
  });
});
