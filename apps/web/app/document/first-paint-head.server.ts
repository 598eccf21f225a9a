// The document's head, ordered for the first paint (docs/decisions/019-first-paint.md).
// React Router's <Scripts> hints every module the page hydrates with `<link rel="modulepreload">`,
// which React hoists into the head ahead of the stylesheet <Links> renders, and which browsers
// fetch at high priority. The stylesheet is what the first paint waits for, so this rewrite:
// - moves the stylesheets up, right after the charset and viewport, where the browser finds them
//   first (with them last, Chromium laid the whole page out unstyled once before they arrived);
//   inert JSON-LD blocks travel with them (below);
// - marks the module preloads `fetchpriority="low"`: they no longer share the connection with
//   the stylesheet and the HTML; hydration still starts from the same preloaded modules.
// React hydrates the head's hoistable tags (title, meta, most links) by key wherever they are,
// but a stylesheet without `precedence` and an inline script (the JSON-LD of the detail pages)
// in document order, scanning forward: those "positional" tags move together, in their order, or
// hydration fails (React error #418). A head with any other positional tag is left in place.
// The page is rendered into one buffer (entry.server.tsx); only its head is rewritten.
const HEAD_END = "</head>";
const MODULE_PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_MODULE_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';
const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*>/;
/** The tags React hydrates in document order that may share the head with the stylesheet. */
const POSITIONAL =
  /<link\b[^>]*\brel="stylesheet"[^>]*>|<script type="application\/ld\+json"[^>]*>[\s\S]*?<\/script>/g;
/** Any other tag React would hydrate in document order: then nothing moves. */
const OTHER_POSITIONAL =
  /<script(?![^>]*type="application\/ld\+json")|<style\b|<noscript\b|<base\b|<template\b/;
/** The tags the stylesheets go after: the charset must stay first, the viewport next to it. */
const LEADING_METAS =
  /^(?:<!DOCTYPE html>)?<html\b[^>]*><head>(?:<meta charSet="[^"]*"\/>)?(?:<meta name="viewport"[^>]*>)?/i;
/** A head larger than this is not what React renders: pass it on as it is. */
const MAX_HEAD_BYTES = 256 * 1024;

/**
 * The head with its stylesheets first (with the JSON-LD scripts, which must keep their order
 * relative to them) and its module preloads at low priority.
 */
export function orderHeadForFirstPaint(head: string): string {
  const preloadsLowered = head.replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD);
  const leading = LEADING_METAS.exec(preloadsLowered);
  if (!leading) return preloadsLowered;
  const rest = preloadsLowered.slice(leading[0].length);
  if (!STYLESHEET.test(rest) || OTHER_POSITIONAL.test(rest.replace(POSITIONAL, ""))) {
    return preloadsLowered;
  }
  const positional = rest.match(POSITIONAL) ?? [];
  return leading[0] + positional.join("") + rest.replace(POSITIONAL, "");
}

/**
 * The whole document with its head rewritten as `orderHeadForFirstPaint` says; the body is not
 * touched. A document without a head end (or with one past MAX_HEAD_BYTES) is returned as it is.
 */
export function orderDocumentForFirstPaint(document: Buffer): Buffer {
  const end = document.indexOf(HEAD_END);
  if (end === -1 || end > MAX_HEAD_BYTES) return document;
  // latin1 maps each byte to one character and back: multi-byte text survives unchanged.
  const head = document.toString("latin1", 0, end);
  const ordered = orderHeadForFirstPaint(head);
  if (ordered === head) return document;
  return Buffer.concat([Buffer.from(ordered, "latin1"), document.subarray(end)]);
}
