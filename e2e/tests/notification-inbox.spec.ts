import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { adminPost, logInThroughForm } from "./login";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));


function notificationObject(name: string) {
  return {
    data: {
      call: {
        general_attributes: { name, type: "CALL" },
        notification_content: { subject: "Storage", message: "Disk of &HOST# is full" },
        notification_attributes: { priority: "HIGH" },
        object_variables: [{ name: "&HOST#", value: "db01" }],
      },
    },
    path: "",
  };
}

test("a new notification appears in the inbox live and leaves it when acknowledged", async ({ page, request }) => {
  const name = `E2E.CALL.${Date.now()}`;
  await adminPost(request, "/objects", notificationObject(name));

  await page.goto("/notifications");
  await logInThroughForm(page);
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: /^Inbox/ })).toHaveAttribute("aria-current", "page");

  // No reload from here on: the notification arrives through the event stream.
  const answer = await adminPost(request, "/executions", { objectName: name, executionOption: "execute" });
  const runId = typeof answer === "object" && answer !== null && "run_id" in answer ? Number(answer.run_id) : Number.NaN;
  expect(Number.isInteger(runId)).toBe(true);

  const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Execution ${runId}` }) });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(item).toContainText("Disk of db01 is full");
  await expect(item).toContainText("HIGH");
  await expect(item.getByRole("heading", { name: "Storage" })).toBeVisible();
  await expect(nav.getByRole("link", { name: /^Inbox.*\d+ waiting/ })).toBeVisible();

  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}inbox.png`, fullPage: true });

  await item.getByRole("button", { name: "Acknowledge" }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: 'Acknowledged "Storage".' })).toBeAttached();

  await page.goto(`/executions/${runId}`);
  await expect(page.getByRole("region", { name: "Execution status" })).toContainText("ENDED_OK");
});
