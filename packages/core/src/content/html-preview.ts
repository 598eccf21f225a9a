// Display rules over HTML that sanitizeHtml produced (docs/spec/accounts-and-details.md §2 Programme
// detail, §9 "Text preview 1000 characters"). Pure string functions with no DOM, so the server
// and the browser run the same code. They rely on sanitize-html's normalised output: every `<`
// and `>` in text and attribute values is escaped, so a `<...>` run is always exactly one tag.

import { withEllipsis } from "@studyatlas/schemas/english.ts";

/** docs/spec/accounts-and-details.md §9: "Text preview 1000 characters". */
export const TEXT_PREVIEW_LENGTH = 1000;

const TOKEN = /<[^>]*>|[^<]+/g;
const ENTITY = /&(?:#\d+|#x[\da-f]+|[a-z][\da-z]*);/gi;
const VOID_TAGS = new Set(["br", "hr", "img", "wbr"]);

/** The visible length of a text run, counting each character reference as one character. */
function visibleLength(text: string): number {
  return text.replace(ENTITY, "_").length;
}

/** The first `limit` visible characters of a text run, never cutting a character reference. */
function cutText(text: string, limit: number): string {
  let visible = 0;
  let index = 0;
  while (index < text.length && visible < limit) {
    if (text[index] === "&") {
      ENTITY.lastIndex = 0;
      const match = ENTITY.exec(text.slice(index));
      if (match && match.index === 0) {
        index += match[0].length;
        visible += 1;
        continue;
      }
    }
    // Keep surrogate pairs (emoji) whole.
    const code = text.charCodeAt(index);
    index += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
    visible += 1;
  }
  return text.slice(0, index);
}

/** A cut text run ended at its last whole word, when the cut fell inside a word. */
function atWordEnd(cut: string, next: string): string {
  if (!/[\p{L}\p{N}]/u.test(next) || !/[\p{L}\p{N}]$/u.test(cut)) return cut;
  const lastSpace = cut.search(/\s\S*$/);
  return lastSpace > 0 ? cut.slice(0, lastSpace) : cut;
}

/** withEllipsis for escaped HTML text: a character reference's closing ';' stays. */
function htmlWithEllipsis(cut: string): string {
  return /&(?:#\d+|#x[\da-f]+|[a-z][\da-z]*);$/i.test(cut) ? `${cut}…` : withEllipsis(cut);
}

export interface HtmlPreview {
  /** The first `limit` characters of text with an ellipsis, tags balanced; the whole HTML when short. */
  html: string;
  truncated: boolean;
}

/** The Overview / Why Choose preview: the first `limit` characters of text, then '…'. */
export function previewHtml(html: string, limit = TEXT_PREVIEW_LENGTH): HtmlPreview {
  const tokens = html.match(TOKEN) ?? [];
  const total = tokens.reduce(
    (sum, token) => (token.startsWith("<") ? sum : sum + visibleLength(token)),
    0,
  );
  if (total <= limit) return { html, truncated: false };

  const open: string[] = [];
  let output = "";
  let remaining = limit;
  for (const token of tokens) {
    if (token.startsWith("</")) {
      const name = token.slice(2, -1).trim().toLowerCase();
      const position = open.lastIndexOf(name);
      if (position !== -1) open.splice(position, 1);
      output += token;
      continue;
    }
    if (token.startsWith("<")) {
      const name = /^<([a-z0-9]+)/i.exec(token)?.[1]?.toLowerCase() ?? "";
      if (!VOID_TAGS.has(name) && !token.endsWith("/>")) open.push(name);
      output += token;
      continue;
    }
    const length = visibleLength(token);
    if (length < remaining) {
      output += token;
      remaining -= length;
      continue;
    }
    const cut = cutText(token, remaining);
    output += htmlWithEllipsis(atWordEnd(cut, token.charAt(cut.length)));
    break;
  }
  for (const name of open.reverse()) output += `</${name}>`;
  // Elements opened after the cut point would be empty: drop "<li></li>" and the like.
  return { html: output.replace(/<(li|p|ul|ol)>\s*<\/\1>/g, ""), truncated: true };
}

/**
 * For visitors who are not signed in, links in programme content become inert, link-styled
 * buttons that open the sign-in prompt (docs/spec/accounts-and-details.md §2, §6). The page handles clicks on
 * `[data-inert-link]` by delegation; buttons are focusable and work with Enter and Space.
 */
export function withInertLinks(html: string): string {
  return html
    .replace(/<a\b[^>]*>/gi, '<button type="button" class="inert-link" data-inert-link="">')
    .replace(/<\/a\s*>/gi, "</button>");
}

/** Plain text of sanitised HTML (meta descriptions, structured data). */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|li|h\d|tr|blockquote)>/gi, " ")
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** A meta description: whole words up to `limit` characters, with '…' when cut. */
export function summarise(text: string, limit = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return withEllipsis(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut);
}
