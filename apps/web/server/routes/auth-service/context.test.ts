import { describe, expect, it } from "vitest";

import type { AppServices } from "../../../app/context.ts";
import { allowedRedirect } from "./context.ts";

const options = (redirectUrls: string[]) => ({
  services: { publicBaseUrl: "https://studyatlas.example" } as AppServices,
  redirectUrls,
});

describe("allowedRedirect (AUTH_REDIRECT_URLS)", () => {
  it("allows the site's own origin and falls back to it for anything unlisted", () => {
    const site = options([]);
    expect(allowedRedirect(site, undefined)).toBe("https://studyatlas.example");
    expect(allowedRedirect(site, "https://studyatlas.example/welcome?x=1")).toBe(
      "https://studyatlas.example/welcome?x=1",
    );
    for (const bad of [
      "https://evil.example/",
      "https://studyatlas.example.evil.example/",
      "javascript:alert(1)",
      "//evil.example",
      "https://user:pass@studyatlas.example/",
      "not a url",
    ]) {
      expect(allowedRedirect(site, bad), bad).toBe("https://studyatlas.example");
    }
  });

  it("reads * within a segment, ** across segments, and a plain URL as a prefix of paths", () => {
    const listed = options([
      "https://*.preview.example/callback",
      "https://app.example/**",
      "http://localhost:5173/auth",
    ]);
    expect(allowedRedirect(listed, "https://pr-12.preview.example/callback")).toBe(
      "https://pr-12.preview.example/callback",
    );
    expect(allowedRedirect(listed, "https://a.b.preview.example/callback")).toBe(
      "https://studyatlas.example",
    );
    expect(allowedRedirect(listed, "https://app.example/deep/path?x=1")).toBe(
      "https://app.example/deep/path?x=1",
    );
    expect(allowedRedirect(listed, "http://localhost:5173/auth/done")).toBe(
      "http://localhost:5173/auth/done",
    );
    expect(allowedRedirect(listed, "http://localhost:5173/authority")).toBe(
      "https://studyatlas.example",
    );
  });
});
