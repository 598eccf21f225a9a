// Files sent in a chat (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md): a PDF, JPEG
// or PNG, recognised by its first bytes (never by its name or declared type), kept in the database
// under its SHA-256 like uploaded images (ADR 037), and read back only by the chat's participants:
// everybody else gets the same 404 as for the chat itself.
import { createHash } from "node:crypto";

import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { ChatAttachment, ChatMessage } from "@studyatlas/schemas/chat.ts";
import { ATTACHMENT_MESSAGES } from "@studyatlas/schemas/inbox.ts";

import { NotFoundError } from "../errors.ts";
import { selectOne } from "../sql-rows.ts";
import { participation, postMessage } from "./chats.ts";

type AttachmentType = ChatAttachment["content_type"];

const EXTENSIONS: Record<AttachmentType, string> = {
  "application/pdf": ".pdf",
  "image/jpeg": ".jpg",
  "image/png": ".png",
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The file's type from its magic bytes, or undefined for anything else. */
export function detectAttachmentType(bytes: Buffer): AttachmentType | undefined {
  // A PDF may carry a few bytes before its header (PDF 32000-1, §7.5.2 tolerates up to 1,024).
  if (bytes.subarray(0, 1024).includes("%PDF-")) return "application/pdf";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "image/jpeg";
  }
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return "image/png";
  return undefined;
}

/**
 * A file name safe to show and to put in Content-Disposition: no folders, no control or
 * formatting characters, at most 120 characters, and the extension of what the bytes are.
 */
export function cleanFileName(declared: string | undefined, type: AttachmentType): string {
  const extension = EXTENSIONS[type];
  const base = (declared ?? "")
    .normalize("NFC")
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cf}"]/gu, "")
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .slice(0, 120 - extension.length)
    .trim();
  return `${base === "" || base.startsWith(".") ? "attachment" : base}${extension}`;
}

/**
 * Sends `bytes` to the chat as `sender`, with `caption` as the message (the file name when
 * empty). The caller has checked the type (detectAttachmentType) and the size.
 */
export async function sendAttachment(
  db: Database,
  sender: { id: number; role: string },
  chatId: number,
  file: { bytes: Buffer; type: AttachmentType; declaredName: string | undefined },
  caption: string,
): Promise<ChatMessage> {
  const fileName = cleanFileName(file.declaredName, file.type);
  const content = caption.trim() === "" ? fileName : caption;
  return postMessage(db, sender, chatId, content, {
    attachment: {
      fileName,
      contentType: file.type,
      data: file.bytes,
      hash: createHash("sha256").update(file.bytes).digest("hex"),
    },
  });
}

/** An attachment of a chat the caller takes part in; 404 for anybody else. */
export async function getAttachment(
  db: Database,
  userId: number,
  chatId: number,
  attachmentId: number,
): Promise<{ fileName: string; contentType: AttachmentType; data: Buffer }> {
  const notFound = () => new NotFoundError(ATTACHMENT_MESSAGES.notFound, { code: "not_found" });
  let cleared: number;
  try {
    cleared = (await participation(db, userId, chatId)).cleared_through_id;
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound();
    throw error;
  }
  // A file removed from the caller's view with its message is gone for them too.
  const row = await selectOne<{
    file_name: string;
    content_type: AttachmentType;
    data: Buffer | Uint8Array;
  }>(
    db,
    sql`select file_name, content_type, data from chat_attachments
        where id = ${attachmentId} and chat_id = ${chatId} and message_id > ${cleared}`,
  );
  if (!row) throw notFound();
  return {
    fileName: row.file_name,
    contentType: row.content_type,
    data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data),
  };
}
