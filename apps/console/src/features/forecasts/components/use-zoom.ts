import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";

const MIN_ZOOM = 1;
const MAX_ZOOM = 256;

/**
 * A zoom factor (1 = the whole span fits) changed by buttons or by Ctrl + wheel over `target`
 * (about the moment under the pointer). The wheel listener is registered by hand because React's
 * is passive and cannot keep the browser from zooming the page.
 */
export function useZoom(target: RefObject<HTMLElement | null>) {
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const shown = useRef(MIN_ZOOM);
  /** Where in the view (px from its left edge) the moment to keep in place is: the pointer's, for the wheel. */
  const anchor = useRef<number | undefined>(undefined);
  // After the chart has been redrawn wider or narrower, scroll so that the moment under the pointer
  // (or in the middle of the view, for the buttons) stays where it was; otherwise every zoom would
  // jump back to the start.
  useLayoutEffect(() => {
    const element = target.current;
    const ratio = zoom / shown.current;
    shown.current = zoom;
    const at = anchor.current;
    anchor.current = undefined;
    if (!element || ratio === 1) return;
    const kept = at ?? element.clientWidth / 2;
    element.scrollLeft = (element.scrollLeft + kept) * ratio - kept;
  }, [target, zoom]);
  const zoomBy = useCallback((factor: number) => setZoom((z) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z * factor))), []);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      anchor.current = event.clientX - element.getBoundingClientRect().left;
      zoomBy(event.deltaY < 0 ? 1.25 : 0.8);
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [target, zoomBy]);
  return {
    zoom,
    // The buttons zoom about the middle of the view, whatever a wheel left behind.
    zoomIn: () => {
      anchor.current = undefined;
      zoomBy(2);
    },
    zoomOut: () => {
      anchor.current = undefined;
      zoomBy(0.5);
    },
    reset: () => setZoom(MIN_ZOOM),
    canZoomIn: zoom < MAX_ZOOM,
    canZoomOut: zoom > MIN_ZOOM,
  };
}
