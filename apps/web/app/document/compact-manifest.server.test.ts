import { describe, expect, it } from "vitest";

import { compactRouteManifest } from "./compact-manifest.server.ts";

const manifest = {
  entry: { module: "/assets/entry.client-A.js", imports: ["/assets/app-shell-B.js"], css: [] },
  routes: {
    root: { id: "root", path: "", hasLoader: true, module: "/assets/root-C.js" },
    "routes/école": { id: "routes/école", parentId: "root", path: "école", hasLoader: false },
  },
  url: "/assets/manifest-1.js",
  version: "1",
};

function document(json: string): string {
  return (
    '<html><body><p>Zürich</p><script type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\n' +
    `  window.__reactRouterManifest = ${json};\n` +
    '  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");</script></body></html>'
  );
}

describe("compactRouteManifest", () => {
  it("writes the manifest's JSON without spaces, and nothing else changes", () => {
    const indented = document(JSON.stringify(manifest, null, 2));
    const compacted = compactRouteManifest(Buffer.from(indented, "utf8")).toString("utf8");
    expect(compacted).toBe(document(JSON.stringify(manifest)));
    expect(compacted.length).toBeLessThan(indented.length - 100);
  });

  it("leaves a document without a manifest, or with one that is not JSON, as it is", () => {
    const plain = Buffer.from("<html><body><p>no scripts</p></body></html>", "utf8");
    expect(compactRouteManifest(plain)).toBe(plain);
    const broken = Buffer.from(document("{ not: json"), "utf8");
    expect(compactRouteManifest(broken)).toBe(broken);
    const unended = Buffer.from("window.__reactRouterManifest = {}", "utf8");
    expect(compactRouteManifest(unended)).toBe(unended);
  });
});
