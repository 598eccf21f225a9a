import { describe, expect, it } from "vitest";

import { safeNextPath } from "./next-path.ts";

describe("safeNextPath", () => {
  it("keeps a path on this site", () => {
    expect(safeNextPath("/settings")).toBe("/settings");
    expect(safeNextPath("/coursefinder?name=law&page=2")).toBe("/coursefinder?name=law&page=2");
  });

  it("sends anything else home", () => {
    for (const value of [
      null,
      undefined,
      "",
      "settings",
      "//evil.example",
      "/\\evil.example",
      "/a b",
      "https://evil.example/",
    ]) {
      expect(safeNextPath(value), String(value)).toBe("/");
    }
  });

  it("encodes characters a Location header cannot carry", () => {
    expect(safeNextPath("/\u3002x")).toBe("/%E3%80%82x");
    expect(safeNextPath("/caf\u00e9")).toBe("/caf%C3%A9");
    expect(safeNextPath("/\ud800")).toBe("/");
    expect(safeNextPath("/a\u0000b")).toBe("/a%00b");
  });
});
