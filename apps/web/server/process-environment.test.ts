// What `npm start` sets before Node starts (scripts/start.ts, ADR 036).
import { describe, expect, it } from "vitest";

import { appProcessEnvironment } from "./process-environment.ts";

describe("the app process's environment", () => {
  it("caps glibc's malloc arenas at two on Linux when nothing sets them", () => {
    const env = appProcessEnvironment({ PORT: "3000" }, "linux");
    expect(env).toEqual({ PORT: "3000", MALLOC_ARENA_MAX: "2" });
  });

  it("keeps what the environment sets, and asks no restart then", () => {
    expect(appProcessEnvironment({ MALLOC_ARENA_MAX: "8" }, "linux")).toBeUndefined();
  });

  it("changes nothing where the C library is not glibc's", () => {
    expect(appProcessEnvironment({}, "darwin")).toBeUndefined();
    expect(appProcessEnvironment({}, "win32")).toBeUndefined();
  });
});
