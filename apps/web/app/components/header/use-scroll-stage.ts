// The header's look follows the page's scroll position (docs/spec/discovery.md §2 Header, §9): fixed with
// a shadow after 50 px; on the home page transparent at the top, tinted up to 400 px, white from
// 400 px; on other pages the search box shows from 400 px. The hook reports only which of these
// stages the page is in, so the header re-renders four times per scroll down, not per pixel.
import { useSyncExternalStore } from "react";

const HEADER_FIXED_AFTER_PX = 50;
const HEADER_SOLID_FROM_PX = 400;

/** top: 0 · near-top: up to 50 · fixed: past 50, under 400 · deep: 400 or more. */
export type ScrollStage = "top" | "near-top" | "fixed" | "deep";

export function scrollStageOf(scrollY: number): ScrollStage {
  if (scrollY <= 0) return "top";
  if (scrollY <= HEADER_FIXED_AFTER_PX) return "near-top";
  if (scrollY < HEADER_SOLID_FROM_PX) return "fixed";
  return "deep";
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("scroll", onChange, { passive: true });
  return () => window.removeEventListener("scroll", onChange);
}

export function useScrollStage(): ScrollStage {
  return useSyncExternalStore(
    subscribe,
    () => scrollStageOf(window.scrollY),
    // The server renders the page as seen from the top.
    () => "top",
  );
}
