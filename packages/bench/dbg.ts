import { withChromium } from "./src/harness/browser";
import { staticFiles, withServer } from "./src/harness/servers";
import { baselineApp, withBuilds } from "./src/harness/web-build";
const q = `?rows=100000&rowHeight=40&step=${process.argv[2] ?? 200}&ms=5000&warmupFrames=30`;
await withBuilds([baselineApp("executions-table"), baselineApp("virtual-list")], (outs) =>
  withChromium(async (browser) => {
    for (const out of [...outs, ...outs]) {
      await withServer(staticFiles(out), async (url) => {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await page.goto(url + "/" + q);
        const r = JSON.parse((await page.locator("body[data-scroll-report]").getAttribute("data-scroll-report", { timeout: 60000 })) ?? "{}");
        const d: number[] = r.deltas;
        const hist = new Map<number, number>();
        for (const x of d) hist.set(Math.round(x / 16.67), (hist.get(Math.round(x / 16.67)) ?? 0) + 1);
        console.log(out.slice(-2), d.length, "frames", [...hist].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}x:${v}`).join(" "), "min", Math.min(...d).toFixed(2), "max", Math.max(...d).toFixed(1));
        await page.close();
      });
    }
  }),
);
