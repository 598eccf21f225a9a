import { describe, expect, it } from "vitest";

import { activeSectionId, TAB_SCROLL_OFFSET_PX } from "./section-tabs.tsx";
import { SHARE_WINDOW, shareTargets } from "./share-dialog.tsx";
import {
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_SLIDES_PER_VIEW,
  CAROUSEL_SPEED_MS,
  positionCount,
} from "./testimonial-carousel.tsx";
import { TESTIMONIALS } from "./testimonials.ts";

describe("activeSectionId (the tab that follows the scroll)", () => {
  const tops = (values: number[]) => values.map((top, index) => ({ id: `s${index}`, top }));

  it("is the last section whose top passed the 200 px line", () => {
    expect(TAB_SCROLL_OFFSET_PX).toBe(200);
    expect(activeSectionId(tops([300, 900, 1500]), 200, false)).toBe("s0");
    expect(activeSectionId(tops([-500, 200, 900]), 200, false)).toBe("s1");
    expect(activeSectionId(tops([-1500, -800, 150]), 200, false)).toBe("s2");
  });

  it("is the last section at the bottom of the page", () => {
    expect(activeSectionId(tops([-1500, -800, 400]), 200, true)).toBe("s2");
  });

  it("is nothing without sections", () => {
    expect(activeSectionId([], 200, false)).toBeUndefined();
  });
});

describe("testimonial carousel", () => {
  it("uses the spec's constants and three sample reviews", () => {
    expect(CAROUSEL_AUTOPLAY_MS).toBe(3000);
    expect(CAROUSEL_SPEED_MS).toBe(500);
    expect(CAROUSEL_SLIDES_PER_VIEW).toBe(2);
    expect(TESTIMONIALS).toHaveLength(3);
  });

  it("has one position per first slide that fills the view", () => {
    expect(positionCount(3, 2)).toBe(2);
    expect(positionCount(3, 1)).toBe(3);
    expect(positionCount(1, 2)).toBe(1);
  });
});

describe("share targets", () => {
  it("opens 550x400 windows on each network's share page", () => {
    expect(SHARE_WINDOW).toEqual({ width: 550, height: 400 });
    const targets = shareTargets(
      "https://studyatlas.example/countries/Kenya?id=1&slug=kenya",
      "Kenya",
    );
    expect(targets.map((target) => target.name)).toEqual([
      "Facebook",
      "Twitter",
      "WhatsApp",
      "Telegram",
    ]);
    for (const target of targets) {
      expect(target.href).toContain(
        encodeURIComponent("https://studyatlas.example/countries/Kenya?id=1&slug=kenya"),
      );
      expect(target.href).toMatch(/^https:\/\//);
    }
  });
});
