import { describe, expect, it } from "vitest";

import { visitorSeedOf } from "./visitor-seed.ts";

describe("visitorSeedOf", () => {
  it("keeps the seed of the visitor's cookie, and sets none", () => {
    expect(visitorSeedOf("a=1; finder_seed=42; b=2", { ordering: "random" })).toEqual({ seed: 42 });
  });

  it("draws a seed and keeps it in a cookie for a random page without a seed of its own", () => {
    const { seed, setCookie } = visitorSeedOf(null, { ordering: "random" });
    expect(setCookie).toBe(`finder_seed=${seed}; Path=/; SameSite=Lax`);
  });

  it("sets no cookie for a page in another order or with a seed in its address", () => {
    expect(visitorSeedOf(null, { ordering: "name" }).setCookie).toBeUndefined();
    expect(visitorSeedOf("", { ordering: "random", seed: 7 }).setCookie).toBeUndefined();
    expect(visitorSeedOf("finder_seed=abc", {}).setCookie).toBeUndefined();
  });
});
