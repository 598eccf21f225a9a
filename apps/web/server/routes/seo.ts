// /robots.txt and /sitemap.xml (docs/decisions/008-detail-pages-html-and-seo.md). The sitemap is an index of files of at most
// 50,000 URLs each (sitemaps.org): the site's own pages, then every published programme, school
// and country (packages/core/src/catalogue/sitemap.ts).
import type { FastifyInstance, FastifyReply } from "fastify";

import {
  countSitemapEntries,
  listSitemapEntries,
  SITEMAP_KINDS,
  SITEMAP_MAX_URLS,
  sitemapFiles,
  type SitemapEntry,
  type SitemapKind,
} from "@studyatlas/core/catalogue/sitemap.ts";

import type { AppServices } from "../../app/context.ts";

/** Pages of the site itself that search engines should know. */
const SITE_PAGES = [
  "/",
  "/coursefinder",
  "/countries",
  "/undergraduate",
  "/graduate",
  "/shortcourse",
  "/executive",
  "/certificate",
];

const CACHE = "public, max-age=3600";

function xmlEscape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function absolute(baseUrl: string, path: string): string {
  return new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`).toString();
}

function urlSet(baseUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `<url><loc>${xmlEscape(absolute(baseUrl, entry.path))}</loc>${
        entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : ""
      }</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function sendXml(reply: FastifyReply, xml: string) {
  return reply
    .header("content-type", "application/xml; charset=utf-8")
    .header("cache-control", CACHE)
    .send(xml);
}

export async function seoRoutes(
  app: FastifyInstance,
  options: { services: AppServices; sitemapUrlsPerFile?: number },
): Promise<void> {
  // The sitemaps list the public catalogue: read from the read replica when there is one (ADR 048).
  const { catalogueDb: db, publicBaseUrl } = options.services;
  const perFile = options.sitemapUrlsPerFile ?? SITEMAP_MAX_URLS;

  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) => {
    return reply
      .header("content-type", "text/plain; charset=utf-8")
      .header("cache-control", CACHE)
      .send(
        `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${absolute(publicBaseUrl, "/sitemap.xml")}\n`,
      );
  });

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => {
    const files = sitemapFiles(await countSitemapEntries(db), perFile);
    const names = ["pages.xml", ...files.map((file) => file.name)];
    const entries = names.map(
      (name) =>
        `<sitemap><loc>${xmlEscape(absolute(publicBaseUrl, `/sitemaps/${name}`))}</loc></sitemap>`,
    );
    return sendXml(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`,
    );
  });

  app.get<{ Params: { file: string } }>(
    "/sitemaps/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      if (file === "pages.xml") {
        return sendXml(
          reply,
          urlSet(
            publicBaseUrl,
            SITE_PAGES.map((path) => ({ path })),
          ),
        );
      }
      const match = /^([a-z]+)-(\d{1,6})\.xml$/.exec(file);
      const kind: SitemapKind | undefined = SITEMAP_KINDS.find(
        (candidate) => candidate === match?.[1],
      );
      const number = Number(match?.[2] ?? 0);
      const exists =
        kind !== undefined &&
        number >= 1 &&
        sitemapFiles(await countSitemapEntries(db), perFile).some(
          (candidate) => candidate.kind === kind && candidate.number === number,
        );
      if (!kind || !exists) {
        return reply
          .code(404)
          .header("content-type", "text/plain; charset=utf-8")
          .send("No such sitemap file");
      }
      return sendXml(
        reply,
        urlSet(publicBaseUrl, await listSitemapEntries(db, kind, { number, perFile })),
      );
    },
  );
}
