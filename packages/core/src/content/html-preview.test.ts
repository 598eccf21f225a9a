import { describe, expect, it } from "vitest";

import {
  htmlToText,
  previewHtml,
  summarise,
  TEXT_PREVIEW_LENGTH,
  withInertLinks,
} from "./html-preview.ts";

describe("previewHtml (Overview and Why Choose: first 1000 characters)", () => {
  it("keeps HTML of 1000 characters of text whole", () => {
    const html = `<p>${"a".repeat(TEXT_PREVIEW_LENGTH)}</p>`;
    expect(previewHtml(html)).toEqual({ html, truncated: false });
  });

  it("cuts at 1000 characters of text and adds an ellipsis", () => {
    const html = `<p>${"a".repeat(600)}</p><p>${"b".repeat(600)}</p>`;
    const preview = previewHtml(html);
    expect(preview.truncated).toBe(true);
    expect(preview.html).toBe(`<p>${"a".repeat(600)}</p><p>${"b".repeat(400)}…</p>`);
    expect(htmlToText(preview.html).replace(/\s/g, "")).toHaveLength(1001);
  });

  it("ends the preview at a whole word, without a stop or comma before the ellipsis", () => {
    const words = "Rosscliffe School. Its teachers, ";
    const html = `<p>${"x".repeat(999 - "Rosscliffe School.".length)} ${words}and students.</p>`;
    // The cut falls at the 1000th character, just after "School.": the stop goes.
    expect(previewHtml(html).html).toContain("Rosscliffe School…</p>");
    const midWord = `<p>${"y ".repeat(495)}Rosscliffe School</p>`;
    // The cut falls inside "School": the preview ends at "Rosscliffe".
    expect(previewHtml(midWord).html).toMatch(/ Rosscliffe…<\/p>$/);
  });

  it("counts markup as nothing and a character reference as one character", () => {
    const html = `<p><strong>ab</strong> &amp; ${"c".repeat(10)}</p>`;
    // 'ab' + ' & ' + 10 c = 15 visible characters.
    expect(previewHtml(html, 15).truncated).toBe(false);
    const cut = previewHtml(html, 4);
    expect(cut.html).toBe("<p><strong>ab</strong> &amp;…</p>");
  });

  it("never cuts a character reference or an emoji in half", () => {
    expect(previewHtml("<p>a&amp;b</p>", 2).html).toBe("<p>a&amp;…</p>");
    expect(previewHtml("<p>x😀yz</p>", 2).html).toBe("<p>x😀…</p>");
  });

  it("closes the elements that were open at the cut, innermost first", () => {
    const html = `<ul><li><strong>${"a".repeat(20)}</strong></li><li>more</li></ul>`;
    expect(previewHtml(html, 10).html).toBe(
      `<ul><li><strong>${"a".repeat(10)}…</strong></li></ul>`,
    );
  });

  it("keeps a link open at the cut a whole element", () => {
    const html = `<p>See <a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">${"x".repeat(30)}</a></p>`;
    const { html: cut } = previewHtml(html, 10);
    expect(cut).toBe(
      `<p>See <a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">xxxxxx…</a></p>`,
    );
  });
});

describe("withInertLinks (visitors)", () => {
  it("turns every link into a link-styled button and keeps its text", () => {
    const html =
      '<p>Read <a href="https://example.org/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">the page</a> and <a href="/x">this</a>.</p>';
    const inert = withInertLinks(html);
    expect(inert).toBe(
      '<p>Read <button type="button" class="inert-link" data-inert-link="">the page</button> and <button type="button" class="inert-link" data-inert-link="">this</button>.</p>',
    );
    expect(inert).not.toContain("href");
  });

  it("leaves HTML without links alone", () => {
    expect(withInertLinks("<p>abbr <strong>text</strong></p>")).toBe(
      "<p>abbr <strong>text</strong></p>",
    );
  });
});

describe("htmlToText and summarise", () => {
  it("reads text out of HTML", () => {
    expect(htmlToText("<p>A &amp; B</p><ul><li>one</li><li>two</li></ul>")).toBe("A & B one two");
  });

  it("cuts descriptions at a word with an ellipsis", () => {
    expect(summarise("short text")).toBe("short text");
    const long = "word ".repeat(60);
    const summary = summarise(long, 160);
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary.endsWith("word…")).toBe(true);
  });
});
