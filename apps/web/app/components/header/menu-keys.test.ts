import { describe, expect, it } from "vitest";

import { menuItemAfterKey } from "./menu-keys.ts";

describe("menuItemAfterKey", () => {
  it("opens onto the first item with ArrowDown and the last with ArrowUp", () => {
    expect(menuItemAfterKey("ArrowDown", -1, 3)).toBe(0);
    expect(menuItemAfterKey("ArrowUp", -1, 3)).toBe(2);
  });

  it("moves down and up, wrapping at both ends", () => {
    expect(menuItemAfterKey("ArrowDown", 0, 3)).toBe(1);
    expect(menuItemAfterKey("ArrowDown", 2, 3)).toBe(0);
    expect(menuItemAfterKey("ArrowUp", 1, 3)).toBe(0);
    expect(menuItemAfterKey("ArrowUp", 0, 3)).toBe(2);
  });

  it("jumps to the ends with Home and End", () => {
    expect(menuItemAfterKey("Home", 2, 3)).toBe(0);
    expect(menuItemAfterKey("End", 0, 3)).toBe(2);
  });

  it("leaves other keys and empty menus alone", () => {
    expect(menuItemAfterKey("a", 0, 3)).toBeUndefined();
    expect(menuItemAfterKey("Tab", 0, 3)).toBeUndefined();
    expect(menuItemAfterKey("ArrowDown", -1, 0)).toBeUndefined();
  });
});
