import { describe, expect, it } from "vitest";

import {
  isDrag,
  scrollEdges,
  scrollStepFor,
  tickerSpeedAt,
  wrapIndex,
  wrapOffset,
} from "./carousel-logic.ts";

describe("scrollEdges", () => {
  it("shows only the right arrow at the start of a long row", () => {
    expect(scrollEdges(0, 1000, 3000)).toEqual({ canScrollLeft: false, canScrollRight: true });
  });

  it("shows both arrows in the middle", () => {
    expect(scrollEdges(600, 1000, 3000)).toEqual({ canScrollLeft: true, canScrollRight: true });
  });

  it("shows only the left arrow at the end, allowing for sub-pixel positions", () => {
    expect(scrollEdges(2000, 1000, 3000)).toEqual({ canScrollLeft: true, canScrollRight: false });
    expect(scrollEdges(1999.5, 1000, 3000)).toEqual({ canScrollLeft: true, canScrollRight: false });
  });

  it("shows no arrow when everything fits", () => {
    expect(scrollEdges(0, 1000, 1000)).toEqual({ canScrollLeft: false, canScrollRight: false });
  });
});

describe("scrollStepFor", () => {
  it("uses the spec's step when the row is wider", () => {
    expect(scrollStepFor(300, 1200)).toBe(300);
    expect(scrollStepFor(572, 1200)).toBe(572);
  });

  it("never scrolls more than the visible width", () => {
    expect(scrollStepFor(572, 343)).toBe(343);
  });
});

describe("isDrag", () => {
  it("needs 5 px of travel in either direction", () => {
    expect(isDrag(100, 104)).toBe(false);
    expect(isDrag(100, 105)).toBe(true);
    expect(isDrag(100, 90)).toBe(true);
  });
});

describe("wrapIndex", () => {
  it("wraps forwards past the last item to the first", () => {
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(4, 5)).toBe(4);
  });

  it("wraps backwards past the first item to the last", () => {
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(-6, 5)).toBe(4);
  });

  it("is 0 for an empty list", () => {
    expect(wrapIndex(3, 0)).toBe(0);
  });
});

describe("tickerSpeedAt", () => {
  it("moves at full speed for 1500 ms", () => {
    expect(tickerSpeedAt(0)).toBe(1);
    expect(tickerSpeedAt(1499)).toBe(1);
  });

  it("slows down to a stop over the next 600 ms", () => {
    const early = tickerSpeedAt(1600);
    const late = tickerSpeedAt(2000);
    expect(early).toBeLessThan(1);
    expect(late).toBeLessThan(early);
    expect(late).toBeGreaterThan(0);
  });

  it("stands still for 1000 ms, then starts again", () => {
    expect(tickerSpeedAt(2100)).toBe(0);
    expect(tickerSpeedAt(3099)).toBe(0);
    expect(tickerSpeedAt(3100)).toBe(1);
  });

  it("repeats the same pulse every cycle", () => {
    for (const at of [0, 1499, 1600, 2000, 2100, 3099]) {
      expect(tickerSpeedAt(at + 3100)).toBe(tickerSpeedAt(at));
      expect(tickerSpeedAt(at + 5 * 3100)).toBe(tickerSpeedAt(at));
    }
  });
});

describe("wrapOffset", () => {
  it("keeps the offset within one loop", () => {
    expect(wrapOffset(1050, 1000)).toBe(50);
    expect(wrapOffset(-20, 1000)).toBe(980);
    expect(wrapOffset(10, 0)).toBe(0);
  });
});
