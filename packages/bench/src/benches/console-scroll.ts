import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { insertEndedRuns } from "../data/ended-runs";
import { withBatonProcess } from "../harness/baton-process";
import type { Bench } from "../harness/bench";
import { withChromium } from "../harness/browser";
import { alternateMeasures, percentile } from "../harness/measure";
import { BENCH_CLIENT } from "../harness/rest";
import { resultRow, type ResultRow } from "../harness/result";
import { BENCH_PASSWORD, staticFiles, withServer } from "../harness/servers";
import { withTempDataDir } from "../harness/temp-store";
import { CONSOLE_ROOT, baselineApp, bundleScript, withBuilds } from "../harness/web-build";

const ROWS = 100_000;
/** The executions table's row height; the page checks that the list it scrolls is this high per row. */
const ROW_HEIGHT = 36;
/** Five rows a frame: a quick flick of the wheel, every frame bringing new rows into view. */
const STEP_PX = 5 * ROW_HEIGHT;
const MEASURE_MS = 5000;
const WARMUP_FRAMES = 30;
/** What both pages are asked to do (scroll-probe.ts, ScrollRun). */
const RUN = { rows: ROWS, rowHeight: ROW_HEIGHT, step: STEP_PX, ms: MEASURE_MS, warmupFrames: WARMUP_FRAMES };
/** The objects the executions are runs of. */
const OBJECTS = 1000;
const VIEWPORT = { width: 1280, height: 800 };
/** Long enough for the console to load all rows, 500 a page, before it measures. */
const REPORT_TIMEOUT_MS = 300_000;
/** The probe the bench adds to the console's page: the same module the baseline page is built with. */
const SCROLL_PROBE = fileURLToPath(new URL("../../baseline-apps/scroll-probe.ts", import.meta.url));
/** One frame at 60 Hz: the frame budget of a smooth scroll. */
const FRAME_BUDGET_MS = 16.7;
const VSYNC_MS = 1000 / 60;

/**
 * A frame delta as the number of vsync intervals it spanned, in ms: Chromium presents frames on
 * vsync, so a delta of 16.5 or 16.9 ms is one frame shown on time (timer jitter), 33 ms one dropped.
 */
function onVsync(deltaMs: number): number {
  return Math.max(1, Math.round(deltaMs / VSYNC_MS)) * VSYNC_MS;
}

type ScrollReport = { deltas: number[]; scrolled: number } | { error: string };

/**
 * Opens a page in `context` and has `start` make it scroll its list, which leaves its frame deltas
 * on <body data-scroll-report>; their p95 in ms.
 */
async function scrollP95(context: BrowserContext, name: string, start: (page: Page) => Promise<void>): Promise<number> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  try {
    await start(page);
    const text = await page
      .locator("body[data-scroll-report]")
      .getAttribute("data-scroll-report", { timeout: REPORT_TIMEOUT_MS })
      .catch((error: unknown) => {
        throw new Error(`console-scroll bench: ${name} reported no frames${errors.length > 0 ? ` (${errors.join("; ")})` : ""}`, { cause: error });
      });
    const report = JSON.parse(text ?? "{}") as ScrollReport;
    if ("error" in report) throw new Error(`console-scroll bench: ${name}: ${report.error}`);
    // The list must really have moved by the step every frame, or the frames measured an idle page.
    if (report.scrolled !== report.deltas.length * STEP_PX) throw new Error(`console-scroll bench: ${name} scrolled ${report.scrolled} px in ${report.deltas.length} frames of ${STEP_PX} px`);
    return percentile(report.deltas.map(onVsync), 95);
  } finally {
    await page.close();
  }
}

/**
 * A browser context logged in to the console at `url` as the bench's administrator. It bypasses
 * the console's Content-Security-Policy (script-src 'self'), which would refuse the added probe.
 */
async function consoleSession(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel("Client").fill(String(BENCH_CLIENT));
  await page.getByLabel("User").fill("ADMIN");
  await page.getByLabel("Department").fill("ADMIN");
  await page.getByLabel("Password").fill(BENCH_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByTestId("who-am-i").waitFor();
  await page.close();
  return context;
}

/** The console's executions list, which the added probe scrolls to its end until every row is loaded, then measures from the top. */
function consoleList(url: string, probe: string) {
  return async (page: Page) => {
    await page.goto(`${url}/executions`);
    await page.getByRole("table", { name: "Executions" }).waitFor();
    await page.addScriptTag({ content: probe });
    await page.evaluate(`void scrollProbe.measureAfterLoading(${JSON.stringify(RUN)})`);
  };
}

/** The bare list, which starts measuring by itself as its URL asks. */
function baselineList(url: string) {
  const query = new URLSearchParams(Object.fromEntries(Object.entries(RUN).map(([key, value]) => [key, String(value)])));
  return async (page: Page) => {
    await page.goto(`${url}/?${query.toString()}`);
  };
}

/**
 * The console's executions list as an operator sees it (the console's production build served by
 * a whole Baton started as its own process, logged in, on a database of 100,000 ended runs of
 * 1,000 jobs, every row loaded) against a bare TanStack Virtual list of 100,000 divs of the same
 * row height, both scrolled by the same step every frame in the same headless Chromium. Two rows:
 * `console-scroll` compares the p95 frame time with the baseline's (at most 1.2 times it);
 * `console-scroll-frame` holds the subject to one 60 Hz frame whatever the baseline does, since a
 * slow machine can slow both sides alike.
 */
async function scroll(): Promise<ResultRow[]> {
  const probe = await bundleScript(SCROLL_PROBE, "scrollProbe");
  const names = Array.from({ length: OBJECTS }, (_, i) => `BENCH.JOB.${String(i).padStart(4, "0")}`);
  // Ended within the last days: newest first, as the list shows them.
  const seed = ({ file }: { file: string }) => insertEndedRuns(file, { client: BENCH_CLIENT, names, runs: ROWS, from: Date.now() - ROWS * 1000 });
  return withBuilds([CONSOLE_ROOT, baselineApp("virtual-list")], ([consoleOut = "", listOut = ""]) =>
    withTempDataDir(seed, (dataDir) =>
      withBatonProcess(dataDir, consoleOut, (consoleUrl) =>
        withServer(staticFiles(listOut), (listUrl) =>
          withChromium(async (browser) => {
            const session = await consoleSession(browser, consoleUrl);
            const bare = await browser.newContext({ viewport: VIEWPORT });
            const samples = await alternateMeasures(() => scrollP95(session, "the console", consoleList(consoleUrl, probe)), () => scrollP95(bare, "the bare list", baselineList(listUrl)), { runs: 3, warmups: 1 });
            return [resultRow("console-scroll", "ms", samples, { kind: "ratio", value: 1 / 1.2 }), resultRow("console-scroll-frame", "ms", samples, { kind: "absolute", value: FRAME_BUDGET_MS })];
          }),
        ),
      ),
    ),
  );
}

/** Scrolling the console's executions list. */
export const consoleScrollBench: Bench = {
  id: "console-scroll",
  summary: `p95 frame time scrolling the console's executions table of ${ROWS} rows in headless Chromium, against a bare TanStack Virtual list`,
  run: scroll,
};
