import { describe, expect, it } from "vitest";

import {
  countryImageSvg,
  DISCIPLINE_ICON_SLUGS,
  disciplineIconSvg,
  escapeXml,
  hslToHex,
  initialsOf,
  schoolBannerSvg,
  schoolLogoSvg,
  schoolThumbnailSvg,
} from "./svg.ts";

const SPEC_DISCIPLINES = [
  "agriculture-and-forestry",
  "art-and-humanities",
  "business-and-administration",
  "communication",
  "computer-science",
  "education-and-training",
  "engineering-and-technology",
  "environmental-science",
  "health-sciences",
  "hospitality-leisure-and-sports",
  "humanities",
  "law",
  "medicine",
  "music",
  "natural-sciences",
  "psychology",
  "social-sciences",
  "art",
];

/** Checks that tags nest properly and that there is exactly one <svg> root. */
function expectWellFormed(svg: string): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith("</svg>")).toBe(true);
  const stack: string[] = [];
  let roots = 0;
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)([^>]*?)(\/?)>/g)) {
    const [, closing, name, , selfClosing] = match;
    if (closing) {
      expect(stack.pop()).toBe(name);
    } else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name as string);
    }
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
  // No stray "<" or "&" that is not part of markup or an entity.
  const text = svg.replace(/<[^>]*>/g, "");
  expect(text).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
}

function sizeOf(svg: string): { width: number; height: number; viewBox: string } {
  const root = /^<svg[^>]*>/.exec(svg)?.[0] ?? "";
  return {
    width: Number(/ width="(\d+)"/.exec(root)?.[1]),
    height: Number(/ height="(\d+)"/.exec(root)?.[1]),
    viewBox: /viewBox="([^"]+)"/.exec(root)?.[1] ?? "",
  };
}

const TRICKY = `Ecole "Supérieure" d'Art & <Design> – São Paulo`;

describe("school and country pictures", () => {
  const cases: Array<[string, (name: string) => string, number, number]> = [
    ["logo", (n) => schoolLogoSvg(n), 160, 160],
    ["banner", (n) => schoolBannerSvg(n, "Zürich & Co"), 1200, 400],
    ["thumbnail", (n) => schoolThumbnailSvg(n), 600, 400],
    ["country", (n) => countryImageSvg(n, "br"), 600, 400],
  ];

  for (const [label, render, width, height] of cases) {
    it(`${label}: deterministic, sized, titled and escaped`, () => {
      const svg = render(TRICKY);
      expect(render(TRICKY)).toBe(svg);
      expect(render("Northbridge Business School")).not.toBe(svg);
      expectWellFormed(svg);
      expect(sizeOf(svg)).toEqual({ width, height, viewBox: `0 0 ${width} ${height}` });
      expect(svg).toContain('role="img"');
      expect(svg).toMatch(/<title>[^<]+<\/title>/);
      expect(svg).toContain("&amp;");
      expect(svg).not.toContain("<Design>");
      expect(svg).toContain("&lt;Design&gt;");
    });
  }

  it("the country picture shows the name and the upper-case code", () => {
    const svg = countryImageSvg("Côte d'Ivoire", "ci");
    expect(svg).toContain("Côte d&apos;Ivoire</text>");
    expect(svg).toContain(">CI</text>");
  });

  it("different names get different logo colours", () => {
    const colour = (svg: string) => /stop-color="(#[0-9a-f]{6})"/.exec(svg)?.[1];
    expect(colour(schoolLogoSvg("University of Lakeshore"))).not.toBe(
      colour(schoolLogoSvg("Kanto Institute of Technology")),
    );
  });

  it("gradient ids differ between pictures so inlined SVGs do not clash", () => {
    const ids = (svg: string) => [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    const a = ids(schoolBannerSvg("A School"));
    const b = ids(schoolBannerSvg("B School"));
    expect(a.length).toBeGreaterThan(0);
    expect(a.some((id) => b.includes(id))).toBe(false);
  });
});

describe("initialsOf", () => {
  it("uses the significant words", () => {
    expect(initialsOf("University of Lakeshore")).toBe("UL");
    expect(initialsOf("Northbridge Business School")).toBe("NBS");
    expect(initialsOf("Université d'Aubeval")).toBe("UA");
    expect(initialsOf("Technische Hochschule Rheinfeld")).toBe("THR");
    expect(initialsOf("École des Beaux-Arts de Lyon")).toBe("ÉBL");
    expect(initialsOf("   ")).toBe("?");
  });
});

describe("discipline icons", () => {
  it("has a distinct 48x48 icon for each of the spec's 18 disciplines", () => {
    expect([...DISCIPLINE_ICON_SLUGS].sort()).toEqual([...SPEC_DISCIPLINES].sort());
    const drawings = new Set<string>();
    for (const slug of SPEC_DISCIPLINES) {
      const svg = disciplineIconSvg(slug);
      expectWellFormed(svg);
      expect(sizeOf(svg)).toEqual({ width: 48, height: 48, viewBox: "0 0 48 48" });
      expect(svg).toContain('stroke="#1d4ed8"');
      expect(svg).not.toContain("currentColor");
      drawings.add(svg.replace(/<title>.*<\/title>/, ""));
    }
    expect(drawings.size).toBe(18);
  });

  it("titles the icon and falls back for unknown slugs", () => {
    expect(disciplineIconSvg("business-and-administration")).toContain(
      "<title>Business Administration</title>",
    );
    expect(disciplineIconSvg("environmental-sciences")).toBe(
      disciplineIconSvg("environmental-science").replace(
        "Environmental Science",
        "Environmental Science",
      ),
    );
    const unknown = disciplineIconSvg("<script>");
    expectWellFormed(unknown);
    expect(unknown).not.toContain("<script>");
  });
});

describe("helpers", () => {
  it("escapes XML", () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe(
      "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;",
    );
  });
  it("converts HSL to hex", () => {
    expect(hslToHex(0, 100, 50)).toBe("#ff0000");
    expect(hslToHex(120, 100, 25)).toBe("#008000");
    expect(hslToHex(240, 100, 50)).toBe("#0000ff");
    expect(hslToHex(0, 0, 100)).toBe("#ffffff");
  });
});
