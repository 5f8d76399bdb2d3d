import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { ExecutionEvent, OutExecution, OutExecutionList } from "@baton/contract";
import { createNotificationEventHandler, patchWaitingList, withoutNotification } from "./notification-events";
import { notificationTextParser } from "./get-notification-text";
import { notificationKeys } from "./keys";

function notification(runId: number, status: number, activation = `2025-01-01T10:00:${String(runId % 60).padStart(2, "0")}Z`): OutExecution {
  return { name: `CALL.${runId}`, type: "CALL", queue: "CLIENT_QUEUE", run_id: runId, status, status_text: "", activation_time: activation, user: "ADMIN/ADMIN", parent: 0 };
}

function list(...rows: OutExecution[]): OutExecutionList {
  return { total: rows.length, data: rows, hasmore: false };
}

describe("patchWaitingList", () => {
  it("inserts an active notification at its newest-first place", () => {
    const patched = patchWaitingList(list(notification(3, 1550), notification(1, 1550)), notification(2, 1550));
    expect(patched.data.map((r) => r.run_id)).toEqual([3, 2, 1]);
    expect(patched.total).toBe(3);
  });

  it("ignores notifications that are not active yet and other execution types", () => {
    const start = list(notification(1, 1550));
    expect(patchWaitingList(start, notification(2, 1300))).toEqual(start);
    expect(patchWaitingList(start, { ...notification(2, 1550), type: "JOBS" })).toBe(start);
  });

  it("drops a notification that ended", () => {
    const patched = patchWaitingList(list(notification(2, 1550), notification(1, 1550)), notification(2, 1900));
    expect(patched.data.map((r) => r.run_id)).toEqual([1]);
    expect(patched.total).toBe(1);
  });

  it("replaces a row it already has instead of adding it twice", () => {
    const patched = patchWaitingList(list(notification(1, 1550)), { ...notification(1, 1550), user: "OTHER/X" });
    expect(patched.data).toHaveLength(1);
    expect(patched.data[0]?.user).toBe("OTHER/X");
  });

  it("only counts an older one when the list holds just the newest part", () => {
    const partial: OutExecutionList = { total: 5, data: [notification(9, 1550)], hasmore: true };
    const patched = patchWaitingList(partial, notification(1, 1550));
    expect(patched.data.map((r) => r.run_id)).toEqual([9]);
    expect(patched.total).toBe(6);
  });

  it("keeps at most maxResults rows", () => {
    const patched = patchWaitingList(list(notification(2, 1550), notification(1, 1550)), notification(3, 1550), 2);
    expect(patched.data.map((r) => r.run_id)).toEqual([3, 2]);
    expect(patched.hasmore).toBe(true);
  });

  it("withoutNotification leaves the list alone when the run is not in it", () => {
    const start = list(notification(1, 1550));
    expect(withoutNotification(start, 7)).toBe(start);
  });
});

describe("createNotificationEventHandler", () => {
  const client = 100;
  const event = (seq: number, execution: OutExecution, eventClient = client): ExecutionEvent => ({ seq, client: eventClient, execution });

  function setup(initial: OutExecutionList) {
    const queryClient = new QueryClient();
    queryClient.setQueryData(notificationKeys.waiting(client), initial);
    const handle = createNotificationEventHandler(queryClient, client);
    const read = () => queryClient.getQueryData<OutExecutionList>(notificationKeys.waiting(client))?.data.map((r) => r.run_id);
    return { handle, read };
  }

  it("shows a new notification when it turns active and removes it when acknowledged", () => {
    const { handle, read } = setup(list());
    handle(event(1, notification(5, 1300)));
    expect(read()).toEqual([]);
    handle(event(2, notification(5, 1550)));
    expect(read()).toEqual([5]);
    handle(event(3, notification(5, 1900)));
    expect(read()).toEqual([]);
  });

  it("ignores replays, late non-final states and other clients", () => {
    const { handle, read } = setup(list());
    handle(event(4, notification(5, 1900)));
    handle(event(2, notification(5, 1550)));
    expect(read()).toEqual([]);
    handle(event(9, notification(6, 1550), 200));
    expect(read()).toEqual([]);
  });
});

describe("notificationTextParser", () => {
  it("reads subject, message and priority", () => {
    expect(notificationTextParser.safeParse({ "SUBJECT#": "Storage", "MESSAGE#": "Disk of db01 is full", "PRIORITY#": "HIGH" })).toEqual({
      success: true,
      data: { subject: "Storage", message: "Disk of db01 is full", priority: "HIGH" },
    });
  });

  it("defaults a missing subject and an unknown priority", () => {
    expect(notificationTextParser.safeParse({ "MESSAGE#": "m", "PRIORITY#": "URGENT" })).toEqual({ success: true, data: { subject: "", message: "m", priority: "MEDIUM" } });
  });

  it("rejects anything but an object of variables", () => {
    expect(notificationTextParser.safeParse([]).success).toBe(false);
    expect(notificationTextParser.safeParse({ "MESSAGE#": 3 }).success).toBe(false);
  });
});
