// The document's head, ordered for the first paint (docs/decisions/019-first-paint.md).
// React Router's <Scripts> hints every module the page hydrates with `<link rel="modulepreload">`,
// which React hoists into the head ahead of the stylesheet <Links> renders, and which browsers
// fetch at high priority. The stylesheet is what the first paint waits for, so this stream:
// - moves the stylesheets up, right after the charset and viewport, where the browser finds them
//   first (with them last, Chromium laid the whole page out unstyled once before they arrived);
//   inert JSON-LD blocks travel with them (below);
// - marks the module preloads `fetchpriority="low"`: they no longer share the connection with
//   the stylesheet and the HTML; hydration still starts from the same preloaded modules.
// React hydrates the head's hoistable tags (title, meta, most links) by key wherever they are,
// but a stylesheet without `precedence` and an inline script (the JSON-LD of the detail pages)
// in document order, scanning forward: those "positional" tags move together, in their order, or
// hydration fails (React error #418). A head with any other positional tag is left in place.
// Only the head is buffered (a few kilobytes, flushed by React in one piece); the body streams.
import { Transform, type TransformCallback } from "node:stream";

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

/** Rewrites the document's head as `orderHeadForFirstPaint` says; the body passes through. */
export function firstPaintHead(): Transform {
  // latin1 maps each byte to one character and back: multi-byte text survives any chunking.
  let head: string | null = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (head === null) {
        callback(null, chunk);
        return;
      }
      head += chunk.toString("latin1");
      const end = head.indexOf(HEAD_END);
      if (end === -1 && head.length <= MAX_HEAD_BYTES) {
        callback();
        return;
      }
      const text = head;
      head = null;
      callback(
        null,
        Buffer.from(
          end === -1 ? text : orderHeadForFirstPaint(text.slice(0, end)) + text.slice(end),
          "latin1",
        ),
      );
    },
    flush(callback: TransformCallback) {
      callback(null, head ? Buffer.from(head, "latin1") : null);
    },
  });
}
