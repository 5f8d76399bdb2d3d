import { OutReportPageList } from "@baton/contract";
import { ADMIN } from "./test-baton";

/** A GET on the REST interface (TestBaton.rest, FaultBaton.send, or adminGet of a process's base URL). */
export type RestGet = (path: string) => Promise<Response>;

/** GETs on a REST base URL with the administrator's login, for Baton processes that tests start. */
export function adminGet(rest: string): RestGet {
  return (path) => fetch(`${rest}${path}`, { headers: { authorization: ADMIN } });
}

/** The text of one answer of GET .../reports/{type}: its pages joined as they are (they are cut at line ends). */
export function pagesText(answer: OutReportPageList): string {
  return answer.data.map((page) => page.content).join("");
}

/**
 * The whole text of an execution's report, as a client reads it: GET .../reports/{type}, read on
 * from the page after the last one while `hasmore` says more follow. "" for a report that is not
 * in the database (404), e.g. the REP of a job that never started; any other refusal fails.
 */
export async function reportText(get: RestGet, client: number, runId: number, type: string): Promise<string> {
  let text = "";
  for (let next = 1; ; ) {
    const response = await get(`/${client}/executions/${runId}/reports/${type}?start_at=${next}`);
    if (response.status === 404 && next === 1) return "";
    if (response.status !== 200) throw new Error(`report ${type} of ${runId}: ${response.status} ${await response.text()}`);
    const answer = OutReportPageList.parse(await response.json());
    text += pagesText(answer);
    const last = answer.data.at(-1);
    if (!answer.hasmore || last === undefined) return text;
    next = last.page + 1;
  }
}
