// The profile form of account/update_user_profile: multipart (the spec's client sends
// `client_profile[...]` fields and an optional `profile_pic` file) or JSON. A preValidation step
// turns either into a plain object of fields, so the route's zod schema validates it like any
// other body; the picture travels beside it.
import type { FastifyRequest } from "fastify";

import type { ProfilePicture } from "@studyatlas/core/accounts/users.ts";

import { HttpError } from "../../../plugins/errors.ts";

const PICTURE_FIELDS = new Set(["profile_pic", "client_profile[profile_pic]"]);

/** The picture read from each request's form, until its handler takes it. */
const pictures = new WeakMap<FastifyRequest, ProfilePicture>();

/** Magic numbers of the accepted picture types: the declared type alone is not trusted. */
export function sniffImageType(data: Buffer): string | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return "image/jpeg";
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return "image/png";
  }
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString("latin1")))
    return "image/gif";
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "image/webp";
  }
  return undefined;
}

/** `client_profile[address]` → `address`; `client_profile[user]`, `[id]`, `[socials]` are ignored. */
function profileFieldName(name: string): string {
  const match = /^client_profile\[(\w+)\]$/.exec(name);
  return match?.[1] ?? name;
}

async function readMultipart(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const data = await part.toBuffer();
        if (!PICTURE_FIELDS.has(part.fieldname) || data.length === 0) continue;
        const contentType = sniffImageType(data);
        if (!contentType) {
          throw new HttpError(
            415,
            "unsupported_image",
            "The profile picture must be a JPEG, PNG, WebP or GIF image.",
            { profile_pic: ["must be a JPEG, PNG, WebP or GIF image"] },
          );
        }
        pictures.set(request, { contentType, data });
      } else if (typeof part.value === "string") {
        fields[profileFieldName(part.fieldname)] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new HttpError(413, "image_too_large", "The profile picture must be at most 2 MB.", {
        profile_pic: ["must be at most 2 MB"],
      });
    }
    // Anything else the form parser throws is about the body it was sent (no boundary, an
    // unterminated part, a malformed part header): the caller's mistake, a 400 (docs/security.md
    // V4).
    throw new HttpError(400, "invalid_body", "The form could not be read. Please try again.");
  }
  return fields;
}

/** JSON bodies: null clears a field; numbers are sent as the form would send them. */
function jsonFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body && typeof body === "object") {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (value === null) fields[key] = "";
      else if (typeof value === "string" || typeof value === "number") fields[key] = String(value);
    }
  }
  return fields;
}

/** preValidation: the form's fields become the body the schema checks. */
export async function readProfileForm(request: FastifyRequest): Promise<void> {
  request.body = request.isMultipart() ? await readMultipart(request) : jsonFields(request.body);
}

/** The picture sent with this request's form, if any. */
export function profilePictureOf(request: FastifyRequest): ProfilePicture | undefined {
  return pictures.get(request);
}
