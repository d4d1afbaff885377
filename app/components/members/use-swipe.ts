import { useRef, type TouchEvent } from "react";

/** A sideways swipe of at least this many pixels turns the page of photos. */
const SWIPE_PX = 40;

/**
 * Touch handlers that call `onSwipe(1)` for a swipe to the left (the next photo) and `onSwipe(-1)`
 * for one to the right; a mostly vertical move is the page scrolling and does nothing.
 */
export function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: TouchEvent) {
      const touch = event.changedTouches[0];
      const from = start.current;
      start.current = null;
      if (!touch || !from) return;
      const dx = touch.clientX - from.x;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(touch.clientY - from.y)) onSwipe(dx < 0 ? 1 : -1);
    },
  };
}
