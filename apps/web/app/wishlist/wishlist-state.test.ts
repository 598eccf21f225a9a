import { describe, expect, it } from "vitest";

import { WISHLIST_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";

import { applyWishlistChange, heartView, noteFor } from "./wishlist-state.ts";

describe("heartView", () => {
  it("goes not saved → saving → saved and back through removing", () => {
    expect(heartView(false, "idle")).toBe("not-saved");
    expect(heartView(false, "saving")).toBe("saving");
    expect(heartView(true, "idle")).toBe("saved");
    expect(heartView(true, "removing")).toBe("removing");
  });
});

describe("applyWishlistChange", () => {
  it("adds and removes ids without touching the others", () => {
    const start = new Set([1, 2]);
    expect([...applyWishlistChange(start, { kind: "added", courseId: 3 })]).toEqual([1, 2, 3]);
    expect([...applyWishlistChange(start, { kind: "removed", courseId: 1 })]).toEqual([2]);
    expect([...start]).toEqual([1, 2]);
  });

  it("returns the same set when nothing changes, so no card re-renders", () => {
    const start = new Set([1, 2]);
    expect(applyWishlistChange(start, { kind: "added", courseId: 2 })).toBe(start);
    expect(applyWishlistChange(start, { kind: "removed", courseId: 9 })).toBe(start);
  });
});

describe("noteFor", () => {
  it("gives the spec's three notes, and none when the sign-in prompt opens", () => {
    expect(noteFor("added")).toEqual({ text: WISHLIST_MESSAGES.added, kind: "success" });
    expect(noteFor("removed")).toEqual({ text: WISHLIST_MESSAGES.removed, kind: "success" });
    expect(noteFor("failed")).toEqual({ text: "Error updating wishlist", kind: "error" });
    expect(noteFor("signed-out")).toBeNull();
  });
});
