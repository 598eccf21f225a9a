import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The modules every page loads before it hydrates: the client entry and the root route with
 * everything they import statically (React, React Router, the site chrome, the session, the
 * wishlist, the sign-in modal's shell). Found from the module graph at the end of the client
 * build, so the set follows the code without a list to keep.
 */
const appShellModules = new Set<string>();

function appShellGraph(): Plugin {
  return {
    name: "studyatlas:app-shell-graph",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      appShellModules.clear();
      const pending = [...this.getModuleIds()].filter((id) =>
        /[\\/]app[\\/]root\.tsx|[\\/]entry\.client\.[jt]sx?/.test(id),
      );
      if (pending.length === 0) this.error("app-shell-graph: neither root.tsx nor entry.client");
      while (pending.length > 0) {
        const id = pending.pop() as string;
        if (appShellModules.has(id)) continue;
        appShellModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/** The modules of the course-card chunk (the card's folder and the media addresses it reads). */
const COURSE_CARD_CHUNK = /[\\/]components[\\/]course-card[\\/]|[\\/]media[\\/]media-paths\.ts$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies of the client's scripts, stylesheets and images
 * beside each file, which the server sends to browsers that accept them (`preCompressed`, ADR 019):
 * about 15 % smaller than compressing each response on the fly at a speed-friendly level, and no
 * CPU per request. Files under 1 KB stay as they are, as the server's compression threshold does.
 */
function precompressedAssets(): Plugin {
  return {
    name: "studyatlas:precompressed-assets",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      const directory = options.dir ?? "";
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(?:js|css|svg|json)$/.test(fileName)) continue;
        const file = path.join(directory, fileName);
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * Short CSS-module class names for built pages (docs/decisions/035-lighter-cards.md): `_` and
 * six characters of a hash of the stylesheet's path and the class's name, instead
 * of Vite's `_name_hash_line`. A home page carries some 1,700 class attributes, so their length is
 * a share of every page's bytes and of the server's time writing and compressing them. The name
 * depends on the path and the class only, so the client and server builds agree. Two classes given
 * one name stop the build. Development keeps the readable names.
 */
function shortClassNames(): (name: string, filename: string) => string {
  const owners = new Map<string, string>();
  return (name, filename) => {
    const owner = `${path.relative(import.meta.dirname, filename.split("?")[0] ?? filename)}:${name}`;
    const short = `_${createHash("sha256").update(owner).digest("base64url").slice(0, 6)}`;
    const taken = owners.get(short);
    if (taken !== undefined && taken !== owner) {
      throw new Error(`CSS module class names collide: ${taken} and ${owner} (${short})`);
    }
    owners.set(short, owner);
    return short;
  };
}

export default defineConfig(({ command }) => ({
  plugins: [reactRouter(), appShellGraph(), precompressedAssets()],
  css: command === "build" ? { modules: { generateScopedName: shortClassNames() } } : {},
  // One stylesheet for the whole app (cssCodeSplit false): one render-blocking request per page.
  build: { target: "es2022", cssCodeSplit: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The app shell in one chunk instead of ~25 small ones: on HTTP/1.1 each file costs a
            // round trip on one of six connections before the page can hydrate (ADR 019). Route
            // modules and what only some routes share keep their own chunks.
            // The course card travels with what reads a page's cards (their packed texts, the
            // school and discipline picture addresses): one chunk for the pages with cards
            // rather than three (ADR 066).
            codeSplitting: {
              groups: [
                { name: "app-shell", test: (id) => appShellModules.has(id) },
                { name: "course-card", test: (id) => COURSE_CARD_CHUNK.test(id) },
              ],
            },
          },
        },
      },
    },
  },
  ssr: {
    // Workspace packages are TypeScript sources: bundle them into the server build.
    noExternal: [/^@studyatlas\//],
  },
}));
