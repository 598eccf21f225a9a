// The school profile a partner edits on its dashboard (about, video, city, and the logo and banner,
// type and size checked and resized server-side), shared by the form and the API. What the public
// school page shows decides what is accepted: `about` is shown as plain text (React escapes it;
// line breaks are kept), and only YouTube videos are embedded (features/catalogue/video-embed.tsx;
// the CSP's frame-src names only YouTube).
import { z } from "zod";

import { MAX_INT4 } from "./limits.ts";

export const SCHOOL_ABOUT_MAX = 5000;
export const SCHOOL_CITY_MAX = 100;

export const SCHOOL_PROFILE_MESSAGES = {
  cityRequired: "Enter the city the school is in.",
  cityTooLong: `The city must be at most ${SCHOOL_CITY_MAX} characters.`,
  aboutTooLong: `The description must be at most ${SCHOOL_ABOUT_MAX} characters.`,
  videoNotYoutube:
    "Enter a YouTube video link (https://www.youtube.com/watch?v=… or https://youtu.be/…), or leave it empty.",
} as const;

/** The 11-character id of a YouTube video link in one of its usual forms, else undefined. */
export function youtubeVideoId(url: string): string | undefined {
  const match =
    /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/embed\/|youtube-nocookie\.com\/embed\/|youtube\.com\/watch\?v=|youtube\.com\/shorts\/|youtu\.be\/)([\w-]{11})(?:[?&#/].*)?$/.exec(
      url.trim(),
    );
  return match?.[1];
}

/** Control characters other than tab and line breaks never belong in text a page shows. */
function withoutControlCharacters(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
}

export const SchoolProfileBodySchema = z.object({
  about: z
    .string()
    .default("")
    .transform((text) => withoutControlCharacters(text.replace(/\r\n?/g, "\n")).trim())
    .pipe(z.string().max(SCHOOL_ABOUT_MAX, SCHOOL_PROFILE_MESSAGES.aboutTooLong)),
  video: z
    .string()
    .default("")
    .transform((url) => url.trim())
    .refine((url) => url === "" || youtubeVideoId(url) !== undefined, {
      message: SCHOOL_PROFILE_MESSAGES.videoNotYoutube,
    })
    // One stored form, whatever form was pasted.
    .transform((url) => {
      const id = youtubeVideoId(url);
      return id ? `https://www.youtube.com/watch?v=${id}` : "";
    }),
  city: z
    .string({ error: SCHOOL_PROFILE_MESSAGES.cityRequired })
    .transform((city) => withoutControlCharacters(city).replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, SCHOOL_PROFILE_MESSAGES.cityRequired)
        .max(SCHOOL_CITY_MAX, SCHOOL_PROFILE_MESSAGES.cityTooLong),
    ),
});
export type SchoolProfileBody = z.input<typeof SchoolProfileBodySchema>;

export const SCHOOL_IMAGE_KINDS = ["logo", "banner"] as const;
export type SchoolImageKind = (typeof SCHOOL_IMAGE_KINDS)[number];

/**
 * What an upload becomes, from how the public pages show it: the logo at up to 96 px on the school
 * page (44 px on programme cards), twice that for sharp screens, kept whole on a transparent
 * square; the banner behind the school page's hero (1200 px wide, cover) and, cut to 600×400, on
 * programme cards (300×120, cover) as the school's thumbnail. Smaller uploads than `min` would
 * look blurred, so they are refused.
 */
export const SCHOOL_IMAGE_SPECS = {
  logo: { width: 256, height: 256, fit: "contain", min: { width: 64, height: 64 } },
  banner: { width: 1200, height: 400, fit: "cover", min: { width: 600, height: 200 } },
} as const satisfies Record<
  SchoolImageKind,
  {
    width: number;
    height: number;
    fit: "contain" | "cover";
    min: { width: number; height: number };
  }
>;
/** The thumbnail cut from an uploaded banner (programme cards). */
export const SCHOOL_THUMBNAIL_SPEC = { width: 600, height: 400 } as const;

/** The upload formats; GIFs are accepted and become their first frame. SVG never (scripts). */
export const SCHOOL_IMAGE_FORMATS = ["png", "jpeg", "webp", "gif"] as const;
export const SCHOOL_IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,image/gif";
export const DEFAULT_SCHOOL_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** 5242880 → "5 MB", 262144 → "256 KB". */
export function sizeText(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? `${Number(megabytes.toFixed(1))} MB` : `${Math.round(bytes / 1024)} KB`;
}

export const SCHOOL_IMAGE_MESSAGES = {
  missing: "Choose an image file to upload.",
  notAnImage: "This file is not an image we can read. Upload a PNG, JPEG, WebP or GIF image.",
  svg: "SVG images are not accepted. Upload a PNG, JPEG, WebP or GIF image.",
  format: "This image format is not accepted. Upload a PNG, JPEG, WebP or GIF image.",
  tooLarge: (maxBytes: number) =>
    `The image is larger than ${sizeText(maxBytes)}. Upload a smaller file.`,
  tooSmall: (kind: SchoolImageKind) => {
    const { min } = SCHOOL_IMAGE_SPECS[kind];
    return `The ${kind} must be at least ${min.width}×${min.height} pixels.`;
  },
  tooManyPixels: "The image has too many pixels. Upload one at most 8000 pixels on each side.",
} as const;

const Id = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().min(1).max(MAX_INT4));

export const SchoolParamsSchema = z.object({ id: Id });
export const SchoolImageParamsSchema = z.object({ id: Id, kind: z.enum(SCHOOL_IMAGE_KINDS) });

export const SchoolProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  about: z.string(),
  video: z.string(),
  city: z.string(),
  country: z.string(),
  logo: z.string(),
  banner: z.string(),
  thumbnail: z.string(),
  updated_at: z.string(),
});
export type SchoolProfile = z.output<typeof SchoolProfileSchema>;

export const PartnerSchoolsSchema = z.object({ results: z.array(SchoolProfileSchema) });
export type PartnerSchools = z.output<typeof PartnerSchoolsSchema>;

/** The uploaded image's new URL, with the whole profile after the change. */
export const SchoolImageAnswerSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  profile: SchoolProfileSchema,
});
