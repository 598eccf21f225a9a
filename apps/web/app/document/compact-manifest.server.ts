// The route manifest a page hydrates with, without its indentation (docs/decisions/066-leaner-pages.md).
// React Router's <Scripts> writes the part of the route manifest a page needs as JSON indented by
// two spaces (`JSON.stringify(manifest, null, 2)`): about a third of that script is spaces and
// line breaks, some 1 KB of every page. The browser reads the same object from the compact JSON.
// The script is marked `suppressHydrationWarning` by React Router and runs once: hydration does
// not compare its text.
const START = "window.__reactRouterManifest = ";
const END = ";\n  window.__reactRouterRouteModules";
/** A manifest larger than this is not one React Router wrote for a page: leave it. */
const MAX_MANIFEST_BYTES = 512 * 1024;

/**
 * The document with the manifest's JSON written without spaces. A document without the manifest,
 * or whose manifest does not read as JSON, is returned as it is (the very same buffer).
 */
export function compactRouteManifest(document: Buffer): Buffer {
  const start = document.indexOf(START);
  if (start === -1) return document;
  const from = start + START.length;
  const end = document.indexOf(END, from);
  if (end === -1 || end - from > MAX_MANIFEST_BYTES) return document;
  let compact: string;
  try {
    compact = JSON.stringify(JSON.parse(document.toString("utf8", from, end)));
  } catch {
    return document;
  }
  // A "<" in a value stays escaped as React Router wrote it: its JSON has none unescaped (paths,
  // ids), and JSON.stringify writes no "<" it was not given.
  if (compact.includes("<")) return document;
  return Buffer.concat([
    document.subarray(0, from),
    Buffer.from(compact, "utf8"),
    document.subarray(end),
  ]);
}
