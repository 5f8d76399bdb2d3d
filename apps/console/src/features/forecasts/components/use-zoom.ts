import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";

const MIN_ZOOM = 1;
const MAX_ZOOM = 256;

/**
 * A zoom factor (1 = the whole span fits) changed by buttons or by Ctrl + wheel over `target`.
 * The wheel listener is registered by hand because React's is passive and cannot keep the
 * browser from zooming the page.
 */
export function useZoom(target: RefObject<HTMLElement | null>) {
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const shown = useRef(MIN_ZOOM);
  // After the chart has been redrawn wider or narrower, scroll so that the moment in the middle of
  // the view stays in the middle; otherwise every zoom would jump back to the start.
  useLayoutEffect(() => {
    const element = target.current;
    const ratio = zoom / shown.current;
    shown.current = zoom;
    if (!element || ratio === 1) return;
    const half = element.clientWidth / 2;
    element.scrollLeft = (element.scrollLeft + half) * ratio - half;
  }, [target, zoom]);
  const zoomBy = useCallback((factor: number) => setZoom((z) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z * factor))), []);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      zoomBy(event.deltaY < 0 ? 1.25 : 0.8);
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [target, zoomBy]);
  return {
    zoom,
    zoomIn: () => zoomBy(2),
    zoomOut: () => zoomBy(0.5),
    reset: () => setZoom(MIN_ZOOM),
    canZoomIn: zoom < MAX_ZOOM,
    canZoomOut: zoom > MIN_ZOOM,
  };
}
