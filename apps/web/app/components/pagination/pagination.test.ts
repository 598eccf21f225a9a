import { describe, expect, it } from "vitest";

import { paginationWindow, type PaginationItem } from "./pagination.ts";

/** '1 2 … 5 6 [7] 8 9 … 29 30' style rendering of the window, for readable expectations. */
function render(items: PaginationItem[]): string {
  return items.map((item) => (item.kind === "gap" ? "…" : String(item.page))).join(" ");
}

describe("paginationWindow (2 edge pages, 5 around the current one)", () => {
  it("shows every page when there are few", () => {
    expect(render(paginationWindow(1, 1))).toBe("1");
    expect(render(paginationWindow(3, 7))).toBe("1 2 3 4 5 6 7");
    expect(render(paginationWindow(1, 0))).toBe("");
  });

  it("centres five pages on the current one, with the edges and gaps around them", () => {
    expect(render(paginationWindow(15, 30))).toBe("1 2 … 13 14 15 16 17 … 29 30");
  });

  it("keeps five pages in the window near either end", () => {
    expect(render(paginationWindow(1, 30))).toBe("1 2 3 4 5 … 29 30");
    expect(render(paginationWindow(30, 30))).toBe("1 2 … 26 27 28 29 30");
  });

  it("shows a single hidden page instead of a gap", () => {
    // 3 is the only page between the edge and the window starting at 4.
    expect(render(paginationWindow(6, 30))).toBe("1 2 3 4 5 6 7 8 … 29 30");
    expect(render(paginationWindow(5, 30))).toBe("1 2 3 4 5 6 7 … 29 30");
  });

  it("clamps a current page outside the range", () => {
    expect(render(paginationWindow(99, 10))).toBe("1 2 … 6 7 8 9 10");
    expect(render(paginationWindow(-3, 10))).toBe("1 2 3 4 5 … 9 10");
  });
});
