// Every HTML field that partners or seed data supply (programme sections, country texts) goes
// through this allowlist before a page or the API shows it
// (docs/decisions/008-detail-pages-html-and-seo.md). sanitize-html parses the markup and rebuilds
// it from the allowed tags and attributes only, so no script, style, event handler, frame or
// javascript:/data: URL survives, however it is spelled.
import sanitizeHtmlLibrary from "sanitize-html";

const ALLOWED_TAGS = [
  "p",
  "br",
  "hr",
  "ul",
  "ol",
  "li",
  "a",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "small",
  "sup",
  "sub",
  "span",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
] as const;

const OPTIONS: sanitizeHtmlLibrary.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  // rel and target are set by the transform below, whatever the source said.
  allowedAttributes: { a: ["href", "title", "rel", "target"], td: ["colspan"], th: ["colspan"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Text of removed tags stays (a stray <font> keeps its words); script and style bodies go.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed"],
  transformTags: {
    // The page owns h1 and h2 (its title and section headings); content headings start at h3.
    h1: "h3",
    h2: "h3",
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        // Links in partner content lead off the site: a new tab, no referrer, no ranking credit.
        target: "_blank",
        rel: "noopener noreferrer nofollow",
      },
    }),
  },
};

/** Allowlist-sanitised HTML; an empty or whitespace-only result is "". */
export function sanitizeHtml(html: string): string {
  if (html.trim() === "") return "";
  const clean = sanitizeHtmlLibrary(html, OPTIONS).trim();
  // A section whose markup was all removed is empty rather than "<p></p>".
  return clean.replace(/<[^>]*>/g, "").trim() === "" ? "" : clean;
}
