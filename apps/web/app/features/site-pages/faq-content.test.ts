import { describe, expect, it } from "vitest";

import { FAQ_ITEMS, faqStructuredData, jsonForScript, toggleFaq } from "./faq-content.ts";

describe("toggleFaq", () => {
  it("opens the clicked answer and closes any other", () => {
    expect(toggleFaq(null, 2)).toBe(2);
    expect(toggleFaq(2, 4)).toBe(4);
  });

  it("closes the open answer when it is clicked again", () => {
    expect(toggleFaq(3, 3)).toBeNull();
  });

  it("keeps at most one answer open over any sequence of clicks", () => {
    let open: number | null = null;
    for (const clicked of [0, 1, 1, 5, 0, 0, 2]) {
      open = toggleFaq(open, clicked);
      expect(open === null || open === clicked).toBe(true);
    }
    expect(open).toBe(2);
  });
});

describe("FAQ content", () => {
  it("has the six questions of the spec, each with a real answer", () => {
    expect(FAQ_ITEMS).toHaveLength(6);
    for (const item of FAQ_ITEMS) expect(item.answer.join(" ").length).toBeGreaterThan(200);
  });

  it("describes every question and answer as FAQPage structured data", () => {
    const data = faqStructuredData(FAQ_ITEMS);
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(6);
    expect(data.mainEntity[0]).toMatchObject({
      "@type": "Question",
      name: FAQ_ITEMS[0]?.question,
      acceptedAnswer: { "@type": "Answer" },
    });
  });

  it("cannot close its script element", () => {
    const json = jsonForScript({ text: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("</script");
    expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script>" });
  });
});
