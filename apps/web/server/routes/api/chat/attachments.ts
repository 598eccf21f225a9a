// Files in a chat (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md).
// POST /api/chats/{id}/attachments: multipart, one `file` (PDF, JPEG or PNG, recognised by its
// bytes; at most CHAT_ATTACHMENT_MAX_MB) and an optional `content` (the message; the file name when
// empty). Cookie callers under the usual XSRF rules. A chat the caller does not take part in
// answers 404 before the upload is read.
// GET /api/chats/{id}/attachments/{attachmentId}: the bytes, to the chat's participants only, as a
// download (`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`, a sandboxing
// CSP), never cached. Everybody else, signed out included, gets 404: nothing says the file exists.
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import {
  detectAttachmentType,
  getAttachment,
  sendAttachment,
} from "@studyatlas/core/chat/attachments.ts";
import { participation } from "@studyatlas/core/chat/chats.ts";
import { NotFoundError } from "@studyatlas/core/errors.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES,
  ChatMessageSchema,
  ChatParamsSchema,
} from "@studyatlas/schemas/chat.ts";
import { ATTACHMENT_MESSAGES, AttachmentParamsSchema } from "@studyatlas/schemas/inbox.ts";

import type { AppServices } from "../../../../app/context.ts";
import { requireUser, signedInUser } from "../../../plugins/auth.ts";
import { HttpError } from "../../../plugins/errors.ts";

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
  429: ApiErrorSchema,
};

/** `filename="…"` in ASCII (a fallback) and `filename*` in UTF-8 (RFC 6266 §4.3). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

interface Upload {
  bytes: Buffer | undefined;
  name: string | undefined;
  caption: string;
}

async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  const field = (status: number, code: string, message: string) =>
    new HttpError(status, code, message, { file: [message] });
  if (!request.isMultipart()) throw field(400, "attachment_missing", ATTACHMENT_MESSAGES.missing);
  const upload: Upload = { bytes: undefined, name: undefined, caption: "" };
  try {
    for await (const part of request.parts()) {
      if (part.type === "file" && part.fieldname === "file" && upload.bytes === undefined) {
        upload.bytes = await part.toBuffer();
        upload.name = part.filename;
      } else if (part.type === "file") {
        part.file.resume();
      } else if (part.fieldname === "content" && typeof part.value === "string") {
        upload.caption = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw field(413, "attachment_too_large", ATTACHMENT_MESSAGES.tooLarge(maxBytes));
    }
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw field(400, "invalid_body", "Send one file in the field 'file'.");
    }
    throw field(400, "invalid_body", "The form could not be read. Please try again.");
  }
  return upload;
}

export async function chatAttachmentRoutes(
  app: FastifyInstance,
  options: { services: AppServices; maxBytes: number },
) {
  const { db } = options.services;
  const { maxBytes } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["chat"];
  await app.register(multipart, {
    limits: {
      fileSize: maxBytes,
      files: 1,
      fields: 2,
      fieldSize: CHAT_MESSAGE_MAX_LENGTH * 4,
      parts: 3,
    },
  });
  api.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("cache-control", "private, no-store");
    return payload;
  });

  api.post("/chats/:id/attachments", {
    preValidation: requireUser,
    schema: {
      tags,
      consumes: ["multipart/form-data"],
      summary: "Send a PDF, JPEG or PNG (multipart 'file', optional 'content') to the chat",
      params: ChatParamsSchema,
      response: { 201: ChatMessageSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { user } = signedInUser(request);
      await participation(db, user.id, request.params.id);
      const upload = await readUpload(request, maxBytes);
      if (!upload.bytes || upload.bytes.length === 0) {
        throw new HttpError(400, "attachment_missing", ATTACHMENT_MESSAGES.missing, {
          file: [ATTACHMENT_MESSAGES.missing],
        });
      }
      const type = detectAttachmentType(upload.bytes);
      if (!type) {
        throw new HttpError(415, "attachment_type", ATTACHMENT_MESSAGES.wrongType, {
          file: [ATTACHMENT_MESSAGES.wrongType],
        });
      }
      if (upload.caption.length > CHAT_MESSAGE_MAX_LENGTH) {
        throw new HttpError(400, "invalid_parameter", CHAT_MESSAGES.tooLong, {
          content: [CHAT_MESSAGES.tooLong],
        });
      }
      const message = await sendAttachment(
        db,
        user,
        request.params.id,
        { bytes: upload.bytes, type, declaredName: upload.name },
        upload.caption,
      );
      return reply.code(201).send(message);
    },
  });

  api.get("/chats/:id/attachments/:attachmentId", {
    schema: {
      tags,
      summary: "An attachment, as a download, to the chat's participants only (others: 404)",
      params: AttachmentParamsSchema,
      produces: ["application/pdf", "image/jpeg", "image/png"],
    },
    handler: async (request, reply) => {
      // Signed out, the answer is the same as for anybody else who may not see it.
      if (!request.auth) {
        throw new NotFoundError(ATTACHMENT_MESSAGES.notFound, { code: "not_found" });
      }
      const file = await getAttachment(
        db,
        request.auth.user.id,
        request.params.id,
        request.params.attachmentId,
      );
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", contentDisposition(file.fileName))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cross-origin-resource-policy", "same-origin")
        .send(file.data);
    },
  });
}
