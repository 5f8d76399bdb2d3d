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
