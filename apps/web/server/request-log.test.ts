// Request lines stay out of the way of the start banner (README "Configuration", LOG_LEVEL).
import { describe, expect, it } from "vitest";

import { completedRequestLevel, SLOW_REQUEST_MS } from "./request-log.ts";

describe("completedRequestLevel", () => {
  it("logs a quick answer at debug, whatever the client's mistake", () => {
    expect(completedRequestLevel(200, 3)).toBe("debug");
    expect(completedRequestLevel(304, 1)).toBe("debug");
    expect(completedRequestLevel(404, 2)).toBe("debug");
    expect(completedRequestLevel(429, 2)).toBe("debug");
  });

  it("raises a slow answer to info and a failed one to warn", () => {
    expect(completedRequestLevel(200, SLOW_REQUEST_MS)).toBe("info");
    expect(completedRequestLevel(500, 2)).toBe("warn");
    expect(completedRequestLevel(503, SLOW_REQUEST_MS * 2)).toBe("warn");
  });
});
