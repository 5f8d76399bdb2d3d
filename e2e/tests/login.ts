import { expect, type Page } from "@playwright/test";

export const ADMIN = { client: "100", user: "ADMIN", department: "ADMIN", password: "e2e-Admin-Pass1" } as const;

/** Fills the login form (the page must show it) and waits until the login page is gone. */
export async function logInThroughForm(page: Page): Promise<void> {
  await page.getByLabel("Client").fill(ADMIN.client);
  await page.getByLabel("User").fill(ADMIN.user);
  await page.getByLabel("Department").fill(ADMIN.department);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId("who-am-i")).toHaveText(`${ADMIN.user}/${ADMIN.department} @ ${ADMIN.client}`);
}
