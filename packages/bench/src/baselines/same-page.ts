import { isDeepStrictEqual } from "node:util";

/** An answer of GET /executions, as both servers write it. */
interface Page {
  total: number;
  data: Array<{ run_id: number }>;
  hasmore: boolean;
}

async function pageAt(url: string, authorization: string): Promise<Page> {
  const response = await fetch(url, { headers: { authorization } });
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Page;
}

/**
 * Checks that the engine and a baseline answer `path` alike: the same total, the same run_ids in
 * the same order and every field of every entry equal; returns the engine's page. A baseline that
 * answered less than the engine would be measured doing less, so a difference fails the bench.
 */
export async function expectSamePage(engineUrl: string, baselineUrl: string, path: string, authorization: string): Promise<Page> {
  const [engine, baseline] = await Promise.all([pageAt(`${engineUrl}${path}`, authorization), pageAt(`${baselineUrl}${path}`, authorization)]);
  const runIds = (page: Page) => page.data.map((entry) => entry.run_id).join(",");
  if (engine.total !== baseline.total || runIds(engine) !== runIds(baseline)) {
    throw new Error(`${path}: the engine answers ${engine.total} in all and run_ids ${runIds(engine)}; the baseline ${baseline.total} and ${runIds(baseline)}`);
  }
  const differs = engine.data.findIndex((entry, i) => !isDeepStrictEqual(entry, baseline.data[i]));
  if (differs >= 0 || engine.hasmore !== baseline.hasmore) {
    throw new Error(`${path}: the answers differ at entry ${differs}: engine ${JSON.stringify(engine.data[differs] ?? engine.hasmore)}, baseline ${JSON.stringify(baseline.data[differs] ?? baseline.hasmore)}`);
  }
  return engine;
}
