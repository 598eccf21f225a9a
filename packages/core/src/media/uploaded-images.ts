// Uploaded images (school logos and banners, ADR 037): the bytes are checked by decoding them
// (never by the name or the content type the client declared), re-encoded as WebP at the size the
// public pages show, without metadata (camera, GPS, colour profiles beyond sRGB), and kept in the
// database under the SHA-256 of the result: every app process serves them, and their URL,
// /media/uploads/<hash>.webp, may be cached forever (ADR 037).
import { createHash } from "node:crypto";

import sharp, { type Metadata, type Sharp } from "sharp";

import {
  SCHOOL_IMAGE_FORMATS,
  SCHOOL_IMAGE_MESSAGES,
  SCHOOL_IMAGE_SPECS,
  SCHOOL_THUMBNAIL_SPEC,
  type SchoolImageKind,
} from "@studyatlas/schemas/school-profile.ts";

import { ValidationError } from "../errors.ts";
import type { EncodedImage } from "./uploaded-image-store.ts";

/** Decompression bombs: a small file that decodes to billions of pixels is refused unread. */
const MAX_INPUT_SIDE = 8000;
const MAX_INPUT_PIXELS = MAX_INPUT_SIDE * MAX_INPUT_SIDE;
const WEBP_QUALITY = 82;

/** The upload was refused for what its bytes are (a 400 with the form field's message). */
export class ImageRejectedError extends ValidationError {
  constructor(message: string, code: string) {
    super(message, { code, errors: { file: [message] } });
  }
}

function rejected(message: string, code: string): never {
  throw new ImageRejectedError(message, code);
}

async function encode(
  pipeline: Sharp,
  size: { width: number; height: number },
  fit: "contain" | "cover",
): Promise<EncodedImage> {
  const { data, info } = await pipeline
    // Pixels turned upright from the EXIF orientation, before the metadata goes.
    .rotate()
    .resize({
      width: size.width,
      height: size.height,
      fit,
      position: "centre",
      // A logo keeps its whole shape on a transparent square.
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    // sharp writes no EXIF, XMP, IPTC or ICC data unless asked to (keepMetadata): nothing is.
    .webp({ quality: WEBP_QUALITY, effort: 4 })
    .toBuffer({ resolveWithObject: true });
  return {
    data,
    contentType: "image/webp",
    width: info.width,
    height: info.height,
    hash: createHash("sha256").update(data).digest("hex"),
  };
}

/**
 * Checks an upload and makes the images a school `kind` needs: the logo, or the banner and the
 * programme cards' thumbnail cut from the same upload. Refuses (ImageRejectedError) SVG, formats
 * other than PNG, JPEG, WebP and GIF (whose first frame is kept), bytes that do not decode, and
 * images smaller than the kind's minimum.
 */
export async function prepareSchoolImages(
  input: Buffer,
  kind: SchoolImageKind,
): Promise<{ main: EncodedImage; thumbnail?: EncodedImage }> {
  if (input.length === 0) rejected(SCHOOL_IMAGE_MESSAGES.missing, "image_missing");
  const open = () =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 });
  let metadata: Metadata;
  try {
    metadata = await open().metadata();
  } catch {
    return rejected(SCHOOL_IMAGE_MESSAGES.notAnImage, "not_an_image");
  }
  if (metadata.format === "svg") rejected(SCHOOL_IMAGE_MESSAGES.svg, "svg_not_accepted");
  if (!(SCHOOL_IMAGE_FORMATS as readonly string[]).includes(metadata.format)) {
    rejected(SCHOOL_IMAGE_MESSAGES.format, "image_format");
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) rejected(SCHOOL_IMAGE_MESSAGES.notAnImage, "not_an_image");
  if (width > MAX_INPUT_SIDE || height > MAX_INPUT_SIDE) {
    rejected(SCHOOL_IMAGE_MESSAGES.tooManyPixels, "image_too_many_pixels");
  }
  const spec = SCHOOL_IMAGE_SPECS[kind];
  if (width < spec.min.width || height < spec.min.height) {
    rejected(SCHOOL_IMAGE_MESSAGES.tooSmall(kind), "image_too_small");
  }
  try {
    const main = await encode(open(), spec, spec.fit);
    if (kind !== "banner") return { main };
    const thumbnail = await encode(open(), SCHOOL_THUMBNAIL_SPEC, "cover");
    return { main, thumbnail };
  } catch {
    // The header read, the pixels did not (a truncated or corrupt file).
    return rejected(SCHOOL_IMAGE_MESSAGES.notAnImage, "not_an_image");
  }
}
