/** What the bench asks of a page, from its query string: `?rows=…&rowHeight=…&step=…&ms=…&warmupFrames=…`. */
export interface ScrollRun {
  rows: number;
  rowHeight: number;
  /** Pixels scrolled every frame. */
  step: number;
  /** How long frames are measured. */
  ms: number;
  /** Frames scrolled before measuring, so that the first render of the list counts for no frame. */
  warmupFrames: number;
}

/** What the page leaves on `<body data-scroll-report>` for the bench. */
export type ScrollReport = { deltas: number[]; scrolled: number } | { error: string };

const LIST_TIMEOUT_MS = 30_000;
/** Loading every row of a list that loads pages as it is scrolled: 200 pages of 500 in the console. */
const LOAD_TIMEOUT_MS = 300_000;

/** The run the page's URL asks for; a page without one fails to start rather than measure some default. */
export function scrollRun(search: string = location.search): ScrollRun {
  const params = new URLSearchParams(search);
  const count = (name: string) => {
    const value = Number(params.get(name));
    if (!Number.isInteger(value) || value < 0) throw new Error(`?${name} must be a whole number, got ${params.get(name)}`);
    return value;
  };
  return { rows: count("rows"), rowHeight: count("rowHeight"), step: count("step"), ms: count("ms"), warmupFrames: count("warmupFrames") };
}

/**
 * Scrolls the page's list by `step` pixels every frame and reports the time between frames (the
 * timestamps requestAnimationFrame is given), and how far the list really scrolled.
 */
export async function measureScroll(run: ScrollRun): Promise<void> {
  let report: ScrollReport;
  try {
    const scroller = await listScroller(run);
    report = await scrollFrames(scroller, run);
  } catch (error) {
    report = { error: error instanceof Error ? error.message : String(error) };
  }
  document.body.dataset.scrollReport = JSON.stringify(report);
}

/**
 * For a page whose list loads its rows page by page as it is scrolled to its end (the console's
 * executions list): scrolls it to its end until all `rows` are there, back to its top, and then
 * measures as measureScroll does. The bench starts it in the page (it is not part of the page).
 */
export async function measureAfterLoading(run: ScrollRun): Promise<void> {
  try {
    await loadAllRows(run);
  } catch (error) {
    document.body.dataset.scrollReport = JSON.stringify({ error: error instanceof Error ? error.message : String(error) });
    return;
  }
  await measureScroll(run);
}

/** Scrolls every scrolling element to its end each frame until one is as high as all rows, then that one back to its top. */
function loadAllRows({ rows, rowHeight }: ScrollRun): Promise<void> {
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const look = () => {
      for (const element of document.querySelectorAll<HTMLElement>("body *")) {
        const overflow = getComputedStyle(element).overflowY;
        if (overflow !== "auto" && overflow !== "scroll") continue;
        if (element.scrollHeight >= rows * rowHeight) {
          element.scrollTop = 0;
          return resolve();
        }
        element.scrollTop = element.scrollHeight;
      }
      if (performance.now() - began > LOAD_TIMEOUT_MS) return reject(new Error(`the list did not load ${rows} rows within ${LOAD_TIMEOUT_MS / 1000} s`));
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

/**
 * The element that scrolls the list, once it is rendered. Its scroll height must be that of all
 * rows at `rowHeight` (a header row at most beside them): two lists with rows of different
 * heights would not scroll through the same number of rows per frame.
 */
function listScroller({ rows, rowHeight }: ScrollRun): Promise<HTMLElement> {
  const least = rows * rowHeight;
  const most = least + 2 * rowHeight;
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const look = () => {
      for (const element of document.querySelectorAll<HTMLElement>("body *")) {
        const overflow = getComputedStyle(element).overflowY;
        if ((overflow === "auto" || overflow === "scroll") && element.scrollHeight >= least && element.scrollHeight <= most) return resolve(element);
      }
      if (performance.now() - began > LIST_TIMEOUT_MS) return reject(new Error(`no scrolling list ${least} to ${most} px high (${rows} rows of ${rowHeight} px) appeared`));
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

function scrollFrames(scroller: HTMLElement, { step, ms, warmupFrames }: ScrollRun): Promise<{ deltas: number[]; scrolled: number }> {
  return new Promise((resolve) => {
    const deltas: number[] = [];
    let frame = 0;
    let previous = 0;
    let began = 0;
    let startTop = 0;
    const tick = (time: number) => {
      if (frame === warmupFrames) {
        began = time;
        startTop = scroller.scrollTop;
      } else if (frame > warmupFrames) {
        deltas.push(time - previous);
        if (time - began >= ms) return resolve({ deltas, scrolled: scroller.scrollTop - startTop });
      }
      previous = time;
      frame++;
      scroller.scrollTop += step;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
