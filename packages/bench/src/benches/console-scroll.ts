import type { Browser } from "playwright-core";
import type { Bench } from "../harness/bench";
import { withChromium } from "../harness/browser";
import { alternateMeasures, percentile } from "../harness/measure";
import { resultRow, type ResultRow } from "../harness/result";
import { staticFiles, withServer } from "../harness/servers";
import { baselineApp, withBuilds } from "../harness/web-build";

const ROWS = 100_000;
/** The executions table's row height; the page checks that the list it scrolls is this high per row. */
const ROW_HEIGHT = 40;
/** Five rows a frame: a quick flick of the wheel, every frame bringing new rows into view. */
const STEP_PX = 5 * ROW_HEIGHT;
const MEASURE_MS = 5000;
const WARMUP_FRAMES = 30;
const VIEWPORT = { width: 1280, height: 800 };
const REPORT_TIMEOUT_MS = 60_000;
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

/** Loads a built list page, which scrolls itself and leaves its frame deltas on <body data-scroll-report>; their p95 in ms. */
async function scrollP95(browser: Browser, url: string): Promise<number> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  try {
    await page.goto(`${url}/?rows=${ROWS}&rowHeight=${ROW_HEIGHT}&step=${STEP_PX}&ms=${MEASURE_MS}&warmupFrames=${WARMUP_FRAMES}`);
    const text = await page
      .locator("body[data-scroll-report]")
      .getAttribute("data-scroll-report", { timeout: REPORT_TIMEOUT_MS })
      .catch((error: unknown) => {
        throw new Error(`console-scroll bench: ${url} reported no frames${errors.length > 0 ? ` (${errors.join("; ")})` : ""}`, { cause: error });
      });
    const report = JSON.parse(text ?? "{}") as ScrollReport;
    if ("error" in report) throw new Error(`console-scroll bench: ${url}: ${report.error}`);
    // The list must really have moved by the step every frame, or the frames measured an idle page.
    if (report.scrolled !== report.deltas.length * STEP_PX) throw new Error(`console-scroll bench: ${url} scrolled ${report.scrolled} px in ${report.deltas.length} frames of ${STEP_PX} px`);
    return percentile(report.deltas.map(onVsync), 95);
  } finally {
    await page.close();
  }
}

/**
 * The console's executions table (the real component, in the console's theme and providers, fed
 * 100,000 generated executions) against a bare TanStack Virtual list of 100,000 divs of the same
 * row height, both scrolled by the same step every frame in the same headless Chromium. Two rows:
 * `console-scroll` compares the p95 frame time with the baseline's (at most 1.2 times it);
 * `console-scroll-frame` holds the subject to one 60 Hz frame whatever the baseline does, since a
 * slow machine can slow both sides alike.
 */
async function scroll(): Promise<ResultRow[]> {
  return withBuilds([baselineApp("executions-table"), baselineApp("virtual-list")], ([tableOut = "", listOut = ""]) =>
    withServer(staticFiles(tableOut), (tableUrl) =>
      withServer(staticFiles(listOut), (listUrl) =>
        withChromium(async (browser) => {
          const samples = await alternateMeasures(() => scrollP95(browser, tableUrl), () => scrollP95(browser, listUrl), { runs: 3, warmups: 1 });
          return [resultRow("console-scroll", "ms", samples, { kind: "ratio", value: 1 / 1.2 }), resultRow("console-scroll-frame", "ms", samples, { kind: "absolute", value: FRAME_BUDGET_MS })];
        }),
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
