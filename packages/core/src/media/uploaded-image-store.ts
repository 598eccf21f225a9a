// Where uploaded images live (ADR 037): in the database, named by the SHA-256 of their bytes, so
// every app process serves the same image and its URL, /media/uploads/<hash>.webp, never changes
// what it shows. Apart from uploaded-images.ts (which decodes with sharp), so that page loaders
// reading profiles never load sharp.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectOne } from "../sql-rows.ts";

export const UPLOADED_IMAGE_PREFIX = "/media/uploads/";

export interface EncodedImage {
  data: Buffer;
  contentType: "image/webp";
  width: number;
  height: number;
  hash: string;
}

/** Stores an encoded image (once per hash) and answers its URL. Runs in the caller's transaction. */
export async function storeImage(
  tx: Database,
  image: EncodedImage,
  uploadedBy: number,
): Promise<string> {
  await tx.execute(
    sql`insert into uploaded_images (hash, content_type, width, height, data, uploaded_by)
        values (${image.hash}, ${image.contentType}, ${image.width}, ${image.height},
          ${image.data}, ${uploadedBy})
        on conflict (hash) do nothing`,
  );
  return `${UPLOADED_IMAGE_PREFIX}${image.hash}.webp`;
}

/** An uploaded image by the file name in its URL (`<hash>.webp`); undefined when unknown. */
export async function getUploadedImage(
  db: Database,
  file: string,
): Promise<{ contentType: string; data: Buffer } | undefined> {
  const match = /^([0-9a-f]{64})\.webp$/.exec(file);
  if (!match) return undefined;
  const row = await selectOne<{ content_type: string; data: Buffer | Uint8Array }>(
    db,
    sql`select content_type, data from uploaded_images where hash = ${match[1]}`,
  );
  if (!row) return undefined;
  return {
    contentType: row.content_type,
    data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data),
  };
}
