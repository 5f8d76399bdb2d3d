/** One Server-Sent Event as received. */
export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Reads an SSE stream with fetch, as a browser's EventSource would, collecting events until
 * `until` returns true or the deadline passes.
 */
export async function readEvents(
  url: string,
  headers: Record<string, string>,
  until: (events: ReceivedEvent[]) => boolean,
  timeoutMs = 15_000,
): Promise<ReceivedEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const events: ReceivedEvent[] = [];
  try {
    const response = await fetch(url, { headers, signal: controller.signal });
    if (response.status !== 200 || response.body === null) throw new Error(`events answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: ReceivedEvent = { id: undefined, event: "message", data: "" };
        let hasData = false;
        for (const line of block.split("\n")) {
          const [field, ...rest] = line.split(":");
          const value = rest.join(":").replace(/^ /, "");
          if (field === "id") event.id = value;
          else if (field === "event") event.event = value;
          else if (field === "data") {
            event.data += value;
            hasData = true;
          }
        }
        if (hasData) events.push(event);
      }
      if (until(events)) return events;
    }
    throw new Error("event stream ended early");
  } catch (error) {
    if (controller.signal.aborted) throw new Error(`no matching events within ${timeoutMs} ms: ${JSON.stringify(events)}`);
    throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
