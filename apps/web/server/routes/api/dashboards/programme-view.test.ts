import { describe, expect, it } from "vitest";

import { isProgrammeViewBeaconPath } from "@studyatlas/schemas/analytics-beacon.ts";

import { uncountedReason } from "./programme-view.ts";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("uncountedReason", () => {
  it("counts browsers", () => {
    expect(uncountedReason(CHROME, false)).toBeNull();
    expect(uncountedReason(SAFARI_IPHONE, false)).toBeNull();
  });

  it("does not count bots (isbot), headless browsers or HTTP libraries", () => {
    for (const agent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "curl/8.5.0",
      "python-requests/2.32.3",
    ]) {
      expect(uncountedReason(agent, false), agent).toBe("bot");
    }
  });

  it("does not count a request without a User-Agent, or from another site", () => {
    expect(uncountedReason(undefined, false)).toBe("no_user_agent");
    expect(uncountedReason("  ", false)).toBe("no_user_agent");
    expect(uncountedReason(CHROME, true)).toBe("cross_site");
  });
});

describe("isProgrammeViewBeaconPath", () => {
  it("matches the beacon only", () => {
    expect(isProgrammeViewBeaconPath("/api/academics/course/42/view")).toBe(true);
    expect(isProgrammeViewBeaconPath("/api/academics/course/42/view?x=1")).toBe(true);
    expect(isProgrammeViewBeaconPath("/api/academics/course/42/view/other")).toBe(false);
    expect(isProgrammeViewBeaconPath("/api/academics/course/abc/view")).toBe(false);
    expect(isProgrammeViewBeaconPath("/api/wishlists/create?/api/academics/course/1/view")).toBe(
      false,
    );
    expect(isProgrammeViewBeaconPath("/api/academics/course/create_interest")).toBe(false);
  });
});
