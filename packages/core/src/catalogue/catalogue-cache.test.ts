import { describe, expect, it } from "vitest";

import { createCatalogueCache } from "./catalogue-cache.ts";

describe("catalogue cache", () => {
  it("computes once and serves the stored value afterwards", async () => {
    const cache = createCatalogueCache();
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.remember("a", compute)).toBe(1);
    expect(await cache.remember("a", compute)).toBe(1);
    expect(calls).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it("shares one computation between concurrent callers", async () => {
    const cache = createCatalogueCache();
    let calls = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = async () => {
      calls += 1;
      await gate;
      return "value";
    };
    const both = Promise.all([cache.remember("k", compute), cache.remember("k", compute)]);
    release();
    expect(await both).toEqual(["value", "value"]);
    expect(calls).toBe(1);
  });

  it("forgets everything when the catalogue changes", async () => {
    const cache = createCatalogueCache();
    let version = 1;
    await cache.remember("k", async () => version);
    version = 2;
    cache.invalidate();
    expect(await cache.remember("k", async () => version)).toBe(2);
    expect(cache.stats().invalidations).toBe(1);
  });

  it("does not store a value computed while the catalogue changed", async () => {
    const cache = createCatalogueCache();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stale = cache.remember("k", async () => {
      await gate;
      return "old";
    });
    cache.invalidate();
    release();
    expect(await stale).toBe("old");
    expect(cache.get("k")).toBeUndefined();
    expect(await cache.remember("k", async () => "new")).toBe("new");
  });

  it("ignores a set() made for an older generation", () => {
    const cache = createCatalogueCache();
    const generation = cache.generation;
    cache.invalidate();
    cache.set("body", "{}", 2, generation);
    expect(cache.get("body")).toBeUndefined();
    cache.set("body", "{}", 2, cache.generation);
    expect(cache.get("body")).toBe("{}");
  });

  it("expires entries after the time to live", async () => {
    const start = 5_000_000;
    let time = start;
    const cache = createCatalogueCache({ ttlMs: 1000, now: () => time });
    await cache.remember("k", async () => "first");
    time = start + 1000;
    expect(cache.get("k")).toBe("first");
    time = start + 1001;
    expect(cache.get("k")).toBeUndefined();
    expect(await cache.remember("k", async () => "second")).toBe("second");
  });

  it("keeps nothing when its byte budget is 0", async () => {
    const cache = createCatalogueCache({ maxBytes: 0 });
    let calls = 0;
    await cache.remember("k", async () => ++calls);
    await cache.remember("k", async () => ++calls);
    cache.set("body", "{}", 2, cache.generation);
    expect(calls).toBe(2);
    expect(cache.get("body")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("keeps a computed null, which is an answer, but not undefined", async () => {
    const cache = createCatalogueCache();
    let calls = 0;
    const compute = async () => {
      calls += 1;
      return null;
    };
    expect(await cache.remember("none", compute)).toBeNull();
    expect(await cache.remember("none", compute)).toBeNull();
    expect(calls).toBe(1);
  });

  it("evicts the least recently used entries beyond the entry and byte limits", async () => {
    const cache = createCatalogueCache({ maxEntries: 2, maxBytes: 100 });
    await cache.remember("a", async () => "A", 10);
    await cache.remember("b", async () => "B", 10);
    cache.get("a");
    await cache.remember("c", async () => "C", 10);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("A");
    await cache.remember("big", async () => "X", 95);
    expect(cache.stats().entries).toBe(1);
    expect(cache.stats().bytes).toBe(95);
    await cache.remember("huge", async () => "Y", 101);
    expect(cache.get("huge")).toBeUndefined();
  });

  it("does not keep 'nothing found', so a record added later is found", async () => {
    const cache = createCatalogueCache();
    const catalogue = new Map<string, string>();
    expect(await cache.remember("course:x", async () => catalogue.get("x"))).toBeUndefined();
    catalogue.set("x", "found");
    expect(await cache.remember("course:x", async () => catalogue.get("x"))).toBe("found");
  });
});
