import { chromium, type Browser } from "playwright-core";

/** Flags that keep a headless Chromium from doing work of its own while a page is measured. */
const QUIET_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** Runs `use` with the system's headless Chromium (CHROME_PATH, else Debian's /usr/bin/chromium); closes it afterwards. */
export async function withChromium<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: QUIET_FLAGS });
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}
