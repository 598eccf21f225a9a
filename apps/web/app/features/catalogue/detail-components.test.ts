import { describe, expect, it } from "vitest";

import { activeSectionId } from "./section-tabs.tsx";
import { shareTargets } from "./share-dialog.tsx";
import { positionCount } from "./testimonial-carousel.tsx";

describe("activeSectionId (the tab that follows the scroll)", () => {
  const tops = (values: number[]) => values.map((top, index) => ({ id: `s${index}`, top }));

  it("is the last section whose top passed the 200 px line", () => {
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
  it("has one position per first slide that fills the view", () => {
    expect(positionCount(3, 2)).toBe(2);
    expect(positionCount(3, 1)).toBe(3);
    expect(positionCount(1, 2)).toBe(1);
    expect(positionCount(0, 2)).toBe(1);
    // A view of zero slides still shows one.
    expect(positionCount(3, 0)).toBe(3);
  });
});

describe("share targets", () => {
  it("links each network's share page with the address and the title encoded", () => {
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
      // Nothing of the address leaks unencoded into the share link's own query.
      expect(target.href).not.toContain("&slug=kenya");
    }
    const titled = shareTargets("https://x.example/a", "Law & Order?");
    expect(titled.find((target) => target.name === "Twitter")?.href).toContain(
      "text=Law%20%26%20Order%3F",
    );
    expect(titled.find((target) => target.name === "Facebook")?.href).not.toContain("Law");
  });
});
