// The country ticker's motion: a row that scrolls on its own, pulsing in a loop (tickerSpeedAt),
// held while `paused` is set, and only while the row is on screen. Visitors who ask for reduced
// motion get a still row.
import { type RefObject, useEffect } from "react";

import { tickerSpeedAt, wrapOffset } from "./carousel-logic.ts";

/** Full speed of a row, in pixels per millisecond (about one chip per pulse). */
const FULL_SPEED_PX_PER_MS = 0.09;

/** Moves the track to `offset` pixels into its loop. */
export function placeTrack(track: HTMLElement, offset: number) {
  track.style.transform = `translateX(${-offset}px)`;
}

export function useTickerMotion(
  trackRef: RefObject<HTMLElement | null>,
  direction: 1 | -1,
  offset: RefObject<number>,
  paused: RefObject<boolean>,
) {
  useEffect(() => {
    const track = trackRef.current;
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
    if (!track || reducedMotion.matches) return;

    let frame = 0;
    let last: number | undefined;
    let elapsed = 0;
    const tick = (now: number) => {
      const delta = last === undefined ? 0 : Math.min(now - last, 100);
      last = now;
      if (!paused.current) {
        elapsed += delta;
        // The track holds the countries twice; scrolling by one copy's width loops seamlessly.
        const loopWidth = track.scrollWidth / 2;
        offset.current = wrapOffset(
          offset.current + direction * tickerSpeedAt(elapsed) * FULL_SPEED_PX_PER_MS * delta,
          loopWidth,
        );
        placeTrack(track, offset.current);
      }
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
      last = undefined;
    };
    // Animates only while the row is on screen: no work for a ticker scrolled out of view.
    const visibility = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting && frame === 0) frame = requestAnimationFrame(tick);
      else if (!entry?.isIntersecting) stop();
    });
    visibility.observe(track);
    return () => {
      visibility.disconnect();
      stop();
    };
  }, [trackRef, direction, offset, paused]);
}
