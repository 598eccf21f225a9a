import { describe, expect, it } from "vitest";

import { nestedDeeperThan } from "./json-body.ts";

describe("the JSON body's depth check", () => {
  it("counts objects and arrays inside one another", () => {
    expect(nestedDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestedDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true);
    expect(nestedDeeperThan("[".repeat(100_000), 32)).toBe(true);
  });

  it("counts siblings once, not as depth", () => {
    expect(nestedDeeperThan(`[${"[],".repeat(10_000)}[]]`, 2)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(nestedDeeperThan(`{"a":"${"[{".repeat(100)}"}`, 1)).toBe(false);
    expect(nestedDeeperThan(`{"a":"\\"[[[[","b":"\\\\"}`, 1)).toBe(false);
    expect(nestedDeeperThan(`{"a":"\\\\",  "b":[[1]]}`, 2)).toBe(true);
  });
});
