import { describe, expect, it } from "vitest";

import { bottomOffsetClearOf } from "./keep-clear.ts";

const placement = { inset: 20, size: 48, gap: 8 };
const viewport = { width: 1280, height: 900 };

describe("bottomOffsetClearOf", () => {
  it("rests in the corner when nothing is under it", () => {
    expect(bottomOffsetClearOf(viewport, [], placement)).toBe(20);
    const farAway = { left: 100, right: 144, top: 800, bottom: 844 };
    expect(bottomOffsetClearOf(viewport, [farAway], placement)).toBe(20);
  });

  it("rises just above a carousel arrow that would fall under it", () => {
    // The 'Scroll right' arrow at the right edge of the content, near the bottom of the window.
    const arrow = { left: 1218, right: 1262, top: 820, bottom: 864 };
    const bottom = bottomOffsetClearOf(viewport, [arrow], placement);
    expect(bottom).toBe(900 - 820 + 8);
    // The button's box now ends above the arrow, with the gap between them.
    expect(900 - bottom).toBeLessThanOrEqual(arrow.top - 8);
  });

  it("keeps the gap: an arrow just beside the corner still moves it", () => {
    const arrow = { left: 1218, right: 1262, top: 884, bottom: 928 };
    expect(bottomOffsetClearOf(viewport, [arrow], placement)).toBe(24);
  });

  it("passes stacked obstacles one after the other", () => {
    const lower = { left: 1218, right: 1262, top: 820, bottom: 864 };
    const upper = { left: 1218, right: 1262, top: 770, bottom: 814 };
    const bottom = bottomOffsetClearOf(viewport, [upper, lower], placement);
    expect(bottom).toBe(900 - 770 + 8);
  });
});
