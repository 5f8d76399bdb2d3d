import { expect, test, type Page } from "@playwright/test";
import { logInThroughForm } from "./login";


/** Seconds the quick-open dialog takes to fade in and out, as the browser computes them once it is open. */
async function quickOpenFade(page: Page): Promise<number> {
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: "Quick open" });
  await expect(dialog).toBeVisible();
  const seconds = await page.locator(".MuiDialog-container").evaluate((node) => Number.parseFloat(getComputedStyle(node).transitionDuration));
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  return seconds;
}

test("an operator who asks for less motion gets dialogs without a fade; one who does not keeps it", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/executions");
  await logInThroughForm(page);
  expect(await quickOpenFade(page)).toBeGreaterThan(0.1);

  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await quickOpenFade(page)).toBeLessThan(0.001);
});
