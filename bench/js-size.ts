// Gzipped JavaScript a page loads before it is interactive: the
// scripts and module preloads its HTML lists. Used by bench:finder; on its own:
// `node bench/js-size.ts http://127.0.0.1:3000 / /coursefinder /course/{slug}`.
import { gzipSync } from "node:zlib";

export async function javascriptBeforeInteractive(base: string, page: string): Promise<number> {
  const html = await (await fetch(`${base}${page}`)).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)) {
    if (match[1]) scripts.add(match[1]);
  }
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) {
    if (match[1]) scripts.add(match[1]);
  }
  let total = 0;
  for (const script of scripts) {
    const body = Buffer.from(await (await fetch(`${base}${script}`)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

if (import.meta.main) {
  const [base, ...pages] = process.argv.slice(2);
  if (!base || pages.length === 0) {
    console.error("usage: node bench/js-size.ts <base url> <path> [<path> ...]");
    process.exit(1);
  }
  for (const page of pages) {
    const bytes = await javascriptBeforeInteractive(base, page);
    console.log(`${page}: ${(bytes / 1024).toFixed(1)} KB gzipped before interactive`);
  }
}
