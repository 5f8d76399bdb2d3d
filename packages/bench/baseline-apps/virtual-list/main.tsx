import { StrictMode, useRef } from "react";
import { createRoot } from "react-dom/client";
import { useVirtualizer } from "@tanstack/react-virtual";
import { measureScroll, scrollRun } from "../scroll-probe";

function VirtualList({ count, rowHeight }: { count: number; rowHeight: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight });
  return (
    // As high as the executions table's container, so that both show the same number of rows.
    <div ref={scrollRef} style={{ height: "max(360px, calc(100vh - 380px))", overflow: "auto" }}>
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div key={item.key} style={{ position: "absolute", top: 0, left: 0, width: "100%", height: item.size, transform: `translateY(${item.start}px)` }}>
            Row {item.index}
          </div>
        ))}
      </div>
    </div>
  );
}

const run = scrollRun();
const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <VirtualList count={run.rows} rowHeight={run.rowHeight} />
  </StrictMode>,
);
void measureScroll(run);
