import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { logInThroughForm } from "./login";

const screenshotPath = fileURLToPath(new URL("../artifacts/job-runs-live.png", import.meta.url));

test("a dropped job runs and its row turns ENDED_OK live, with its output in the report", async ({ page }) => {
  const name = `E2E.JOB.${Date.now()}`;
  const marker = `hello-from-${name}`;
  // The job runs until the test has seen it active (the server runs on this machine): a job of a
  // fixed length could end before a loaded machine has shown the list.
  const gateDir = mkdtempSync(join(tmpdir(), "baton-e2e-gate-"));
  const gate = join(gateDir, "release");
  const exportFile = {
    data: {
      jobs: {
        metadata: { version: "21.0.0" },
        general_attributes: { name, type: "JOBS", title: "E2E live job" },
        job_attributes: { platform: "UNIX", agent: "LOCAL" },
        scripts: [{ process: [`echo ${marker}`, `for i in $(seq 600); do [ -e ${gate} ] && break; sleep 0.1; done`] }],
      },
    },
    path: "",
  };

  await page.goto("/login");
  await logInThroughForm(page);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Objects" }).click();
  const zone = page.getByRole("region", { name: "Object import drop zone" });
  await expect(zone).toBeVisible();

  // A real drop: a DataTransfer holding a File, built in the page, dispatched on the zone.
  const dataTransfer = await page.evaluateHandle(
    ({ text, fileName }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], fileName, { type: "application/json" }));
      return transfer;
    },
    { text: JSON.stringify(exportFile, null, 2), fileName: `${name}.json` },
  );
  await zone.dispatchEvent("dragenter", { dataTransfer });
  await zone.dispatchEvent("dragover", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });

  // A drop is previewed first and imported once confirmed.
  await page.getByRole("region", { name: "Import preview" }).getByRole("button", { name: "Import 1 object…" }).click();
  await page.getByRole("dialog", { name: /^Import 1 object into / }).getByRole("button", { name: "Import", exact: true }).click();
  const result = page.getByRole("row", { name: `${name}, ${name}.json` });
  await expect(result.getByText("Written: created", { exact: true })).toBeVisible();
  await expect(result.getByRole("link", { name })).toBeVisible();
  await expect(result.getByText("JOBS", { exact: true })).toBeVisible();

  await result.getByRole("button", { name: `Execute ${name}` }).click();
  await expect(page).toHaveURL(/\/executions\/\d+$/);
  const runId = new URL(page.url()).pathname.split("/").pop() ?? "";

  // From here on the page is never reloaded: the row changes through the event stream.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Executions" }).click();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Execution ${runId}` }) });
  await expect(row).toContainText(name);
  await expect(row.getByRole("img", { name: /^(Active|Waiting)$/ })).toBeVisible();
  await expect(row).not.toContainText("ENDED_");
  writeFileSync(gate, "");
  await expect(row).toContainText("ENDED_OK", { timeout: 30_000 });
  rmSync(gateDir, { recursive: true, force: true });
  await expect(row.getByRole("img", { name: "Ended OK" })).toBeVisible();

  await row.getByRole("link", { name: `Execution ${runId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/executions/${runId}$`));
  await expect(page.getByRole("tab", { name: /REP/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("REP report")).toContainText(marker);

  mkdirSync(fileURLToPath(new URL("../artifacts/", import.meta.url)), { recursive: true });
  await page.screenshot({ path: screenshotPath, fullPage: true });
});
