import { describe, expect, it } from "vitest";

import { withoutLoginFlag } from "./use-login-query-flag.ts";

describe("withoutLoginFlag", () => {
  it("removes login=true and keeps the rest of the query", () => {
    expect(withoutLoginFlag("?login=true")).toBe("");
    expect(withoutLoginFlag("?utm_source=mail&login=true")).toBe("?utm_source=mail");
  });

  it("leaves queries without the flag alone", () => {
    expect(withoutLoginFlag("")).toBeUndefined();
    expect(withoutLoginFlag("?login=false")).toBeUndefined();
    expect(withoutLoginFlag("?page=2")).toBeUndefined();
  });
});
