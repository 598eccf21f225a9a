import { describe, expect, it, vi } from "vitest";

import { sendProgrammeView } from "./programme-view-beacon.ts";

describe("sendProgrammeView", () => {
  it("uses sendBeacon with no body when the browser has it", () => {
    const sendBeacon = vi.fn(() => true);
    const post = vi.fn();
    sendProgrammeView(42, { sendBeacon }, post);
    expect(sendBeacon).toHaveBeenCalledWith("/api/academics/course/42/view");
    expect(post).not.toHaveBeenCalled();
  });

  it("falls back to a keepalive POST when there is no sendBeacon or it refuses", async () => {
    const post = vi.fn(() => Promise.reject(new Error("offline")));
    sendProgrammeView(7, undefined, post);
    sendProgrammeView(8, { sendBeacon: () => false }, post);
    expect(post.mock.calls).toEqual([
      [
        "/api/academics/course/7/view",
        { method: "POST", keepalive: true, credentials: "same-origin" },
      ],
      [
        "/api/academics/course/8/view",
        { method: "POST", keepalive: true, credentials: "same-origin" },
      ],
    ]);
    // A failed POST is swallowed, not an unhandled rejection.
    await Promise.resolve();
  });
});
