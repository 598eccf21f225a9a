import { describe, expect, it } from "vitest";

import {
  isReusableResponse,
  joinWithNonce,
  pageReuseKey,
  splitAtNonce,
  type PageRequestFacts,
} from "./page-reuse-policy.ts";

const anonymous = (url: string, change: Partial<PageRequestFacts> = {}): PageRequestFacts => ({
  method: "GET",
  url,
  signedIn: false,
  pendingSecondFactor: false,
  sessionCookie: false,
  authorization: false,
  finderSeed: undefined,
  ...change,
});

describe("page reuse: which requests", () => {
  it("keeps a signed-out visitor's public pages and their data requests under their address", () => {
    for (const url of [
      "/",
      "/?visit=3",
      "/_root.data",
      "/course/msc-data-science-x",
      "/course/msc-data-science-x.data",
      "/school/x",
      "/countries/United%20Kingdom",
      "/coursefinder?discipline=business&page=2",
      "/graduate/business",
      "/faq",
    ]) {
      expect(pageReuseKey(anonymous(url)), url).toBe(url);
    }
  });

  it("never keeps a request with any session, owed second factor or Authorization header", () => {
    for (const change of [
      { signedIn: true },
      { pendingSecondFactor: true },
      { sessionCookie: true },
      { authorization: true },
    ]) {
      expect(pageReuseKey(anonymous("/course/x", change)), JSON.stringify(change)).toBeUndefined();
    }
  });

  it("never keeps account, dashboard, API or unknown pages, nor anything but GET", () => {
    for (const url of ["/settings", "/chat", "/dashboard/partner", "/api/health", "/course/a/b"]) {
      expect(pageReuseKey(anonymous(url)), url).toBeUndefined();
    }
    for (const method of ["HEAD", "POST", "PUT"]) {
      expect(pageReuseKey(anonymous("/course/x", { method })), method).toBeUndefined();
    }
  });

  it("a random order without a seed follows the visitor's seed cookie; other orders do not", () => {
    const random = "/coursefinder?ordering=random";
    const one = pageReuseKey(anonymous(random, { finderSeed: "1" }));
    const two = pageReuseKey(anonymous(random, { finderSeed: "2" }));
    expect(one).not.toBe(two);
    expect(pageReuseKey(anonymous(random))).not.toBe(one);
    expect(pageReuseKey(anonymous("/coursefinder?ordering=name", { finderSeed: "1" }))).toBe(
      "/coursefinder?ordering=name",
    );
  });
});

describe("page reuse: the student's currency", () => {
  it("keys a page by the currency cookie and Accept-Language, which the currency is resolved from", () => {
    const naira = pageReuseKey(
      anonymous("/course/x", { currencyInputs: { cookie: "NGN", acceptLanguage: "" } }),
    );
    const euro = pageReuseKey(
      anonymous("/course/x", { currencyInputs: { cookie: "EUR", acceptLanguage: "" } }),
    );
    const lagos = pageReuseKey(
      anonymous("/course/x", { currencyInputs: { cookie: "", acceptLanguage: "en-NG" } }),
    );
    const london = pageReuseKey(
      anonymous("/course/x", { currencyInputs: { cookie: "", acceptLanguage: "en-GB" } }),
    );
    expect(new Set([naira, euro, lagos, london, "/course/x"]).size).toBe(5);
    expect(
      pageReuseKey(anonymous("/course/x", { currencyInputs: { cookie: "", acceptLanguage: "" } })),
    ).toBe("/course/x");
  });
});

describe("page reuse: which responses", () => {
  it("keeps a 200 that sets no cookie and whose route did not forbid keeping it", () => {
    expect(isReusableResponse({ statusCode: 200, setsCookie: false, cacheControl: "" })).toBe(true);
    expect(isReusableResponse({ statusCode: 404, setsCookie: false, cacheControl: "" })).toBe(
      false,
    );
    expect(isReusableResponse({ statusCode: 200, setsCookie: true, cacheControl: "" })).toBe(false);
    for (const cacheControl of ["no-store", "private, max-age=60", "no-cache"]) {
      expect(isReusableResponse({ statusCode: 200, setsCookie: false, cacheControl })).toBe(false);
    }
  });

  it("each reuse carries the nonce of the request it answers", () => {
    const body = `<script nonce="abc+/=">a</script><p>nonce="other"</p><script nonce="abc+/=">b</script>`;
    const parts = splitAtNonce(body, "abc+/=");
    expect(parts).toHaveLength(3);
    expect(joinWithNonce(parts, "abc+/=")).toBe(body);
    expect(joinWithNonce(parts, "fresh")).toBe(
      `<script nonce="fresh">a</script><p>nonce="other"</p><script nonce="fresh">b</script>`,
    );
    expect(splitAtNonce("<p>no scripts</p>", "")).toEqual(["<p>no scripts</p>"]);
  });
});
