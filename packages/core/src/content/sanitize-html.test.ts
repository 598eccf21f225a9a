import { describe, expect, it } from "vitest";

import { sanitizeHtml } from "./sanitize-html.ts";

describe("sanitizeHtml", () => {
  it("keeps the markup of programme texts", () => {
    const html =
      "<p>Intro <strong>bold</strong> <em>it</em></p><ul><li>One</li></ul><ol><li>Two</li></ol><h3>Head</h3>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("removes scripts with their content, and event handlers", () => {
    expect(sanitizeHtml('<p onclick="alert(1)">Hi<script>alert(1)</script></p>')).toBe("<p>Hi</p>");
    expect(sanitizeHtml("<img src=x onerror=alert(1)>")).toBe("");
    expect(sanitizeHtml('<svg onload="alert(1)"><circle/></svg>text')).toBe("text");
  });

  it("drops javascript:, data: and vbscript: URLs, however they are spelled", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "jav&#x09;ascript:alert(1)",
      "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "vbscript:msgbox(1)",
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).not.toMatch(/href/);
    }
  });

  it("opens links in a new tab without referrer or ranking credit", () => {
    expect(sanitizeHtml('<a href="https://example.org" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it("lowers h1 and h2 to h3, and strips styles and classes", () => {
    expect(sanitizeHtml('<h1 class="x" style="color:red">T</h1><h2>U</h2>')).toBe(
      "<h3>T</h3><h3>U</h3>",
    );
  });

  it("answers empty for nothing left", () => {
    expect(sanitizeHtml("")).toBe("");
    expect(sanitizeHtml("   ")).toBe("");
    expect(sanitizeHtml("<p> </p><script>x</script>")).toBe("");
  });

  it("escapes text that looks like markup", () => {
    expect(sanitizeHtml("<p>a < b & c > d</p>")).toBe("<p>a &lt; b &amp; c &gt; d</p>");
  });
});
