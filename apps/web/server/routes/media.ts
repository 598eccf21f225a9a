// Generated SVG images (logos, banners, thumbnails, country pictures, discipline icons), drawn
// from catalogue data, so the product never depends on a remote image host (docs/architecture.md).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { LRUCache } from "lru-cache";

import {
  countryImageSvg,
  disciplineIconSvg,
  schoolBannerSvg,
  schoolLogoSvg,
  schoolThumbnailSvg,
} from "@studyatlas/core/media/svg.ts";
import { selectOne } from "@studyatlas/core/sql-rows.ts";
import { getUploadedImage } from "@studyatlas/core/media/uploaded-image-store.ts";

import type { AppServices } from "../../app/context.ts";

const SVG_CACHE = "public, max-age=86400, stale-while-revalidate=604800";

function sendSvg(reply: FastifyReply, svg: string) {
  return reply
    .header("content-type", "image/svg+xml; charset=utf-8")
    .header("cache-control", SVG_CACHE)
    .send(svg);
}

const require = createRequire(import.meta.url);
/** Country flags from the flag-icons package (MIT), by ISO 3166-1 alpha-2 code, served by us. */
const FLAGS_DIRECTORY = path.join(
  path.dirname(require.resolve("flag-icons/package.json")),
  "flags",
  "4x3",
);
/** Read once per process: a few hundred small files at most, kept by lru-cache like every cache. */
const flagCache = new LRUCache<string, string>({ max: 300 });

async function flagSvg(code: string): Promise<string | undefined> {
  const cached = flagCache.get(code);
  if (cached !== undefined) return cached;
  try {
    const svg = await readFile(path.join(FLAGS_DIRECTORY, `${code}.svg`), "utf8");
    flagCache.set(code, svg);
    return svg;
  } catch {
    return undefined;
  }
}

function notFound(reply: FastifyReply) {
  return reply
    .code(404)
    .header("content-type", "text/plain; charset=utf-8")
    .send("Image not found");
}

export async function mediaRoutes(
  app: FastifyInstance,
  options: { services: AppServices },
): Promise<void> {
  const { db } = options.services;

  app.get<{ Params: { slug: string; kind: string } }>(
    "/schools/:slug/:kind",
    { schema: { hide: true } },
    async (request, reply) => {
      const school = await selectOne<{ name: string; city: string }>(
        db,
        sql`select name, city from schools where slug = ${request.params.slug}`,
      );
      if (!school) return notFound(reply);
      switch (request.params.kind) {
        case "logo.svg":
          return sendSvg(reply, schoolLogoSvg(school.name));
        case "banner.svg":
          return sendSvg(reply, schoolBannerSvg(school.name, school.city));
        case "thumbnail.svg":
          return sendSvg(reply, schoolThumbnailSvg(school.name));
        default:
          return notFound(reply);
      }
    },
  );

  // Uploaded school logos and banners (ADR 037): named by the SHA-256 of their bytes, so an
  // address never changes what it shows and may be kept forever by browsers and proxies.
  app.get<{ Params: { file: string } }>(
    "/uploads/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const image = await getUploadedImage(db, request.params.file);
      if (!image) return notFound(reply);
      return reply
        .header("content-type", image.contentType)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .send(image.data);
    },
  );

  app.get<{ Params: { file: string } }>(
    "/countries/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const slug = request.params.file.replace(/\.svg$/, "");
      const country = await selectOne<{ name: string; code: string }>(
        db,
        sql`select name, code from countries where slug = ${slug}`,
      );
      if (!country || !request.params.file.endsWith(".svg")) return notFound(reply);
      return sendSvg(reply, countryImageSvg(country.name, country.code));
    },
  );

  app.get<{ Params: { file: string } }>(
    "/disciplines/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const slug = request.params.file.replace(/\.svg$/, "");
      const discipline = await selectOne<{ slug: string }>(
        db,
        sql`select slug from disciplines where slug = ${slug}`,
      );
      if (!discipline || !request.params.file.endsWith(".svg")) return notFound(reply);
      return sendSvg(reply, disciplineIconSvg(discipline.slug));
    },
  );

  // /media/flags/gb.svg: the flag of a country code (docs/spec/accounts-and-details.md §2 Countries "a flag
  // from its short_code"). Only two letters reach the file system.
  app.get<{ Params: { file: string } }>(
    "/flags/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^([a-z]{2})\.svg$/.exec(request.params.file.toLowerCase());
      const svg = match?.[1] ? await flagSvg(match[1]) : undefined;
      if (!svg) return notFound(reply);
      return sendSvg(reply, svg);
    },
  );
}
