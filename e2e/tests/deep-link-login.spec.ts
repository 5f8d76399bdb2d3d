import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { logInThroughForm } from "./login";

test("a deep link while logged out returns to its page after login", async ({ page }) => {
  await page.goto("/executions/999999");
  await expect(page).toHaveURL(/\/login\?next=%2Fexecutions%2F999999$/);

  await logInThroughForm(page);
  await expect(page).toHaveURL(/\/executions\/999999$/);
  await expect(page.getByText("Execution 999999 does not exist")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to executions" })).toBeVisible();
});

test("the login page asks for no session a visitor does not have, so the browser logs no failed request", async ({ page }) => {
  const logged: string[] = [];
  const asked: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") logged.push(message.text());
  });
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/bff/session") asked.push(request.method());
  });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await page.screenshot({ path: fileURLToPath(new URL("../artifacts/login-1280.png", import.meta.url)) });
  expect(asked).toEqual([]);
  expect(logged).toEqual([]);

  await logInThroughForm(page);
  expect(asked).toEqual(["POST"]);
});
