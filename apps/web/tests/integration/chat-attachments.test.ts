// Files in a chat (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md; both engines): a
// student and the advisor send PDF, JPEG and PNG files, which show in the conversation; only the
// chat's participants download them (as attachments, never sniffed), everybody else gets 404; a
// file of another type or over the limit is refused with a clear 4xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ATTACHMENT_MESSAGES } from "@studyatlas/schemas/inbox.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import { ChatMessageSchema, ChatMessagesSchema } from "@studyatlas/schemas/chat.ts";

import {
  apiUser,
  expectStatus,
  openChatTestApp,
  type ApiUser,
  type ChatTestApp,
} from "./chat-support.ts";
import { parseWith } from "./test-app.ts";

let chatApp: ChatTestApp;

beforeAll(async () => {
  chatApp = await openChatTestApp();
});
afterAll(async () => {
  await chatApp?.t.close();
});

const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const JPEG = Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), Buffer.alloc(64, 1)]);
const HTML = Buffer.from("<html><script>alert(document.cookie)</script></html>");

function multipart(file: { name: string; type: string; data: Buffer } | undefined, content = "") {
  const boundary = "----studyatlas-attachment-boundary";
  const parts: Buffer[] = [];
  if (content !== "") {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${content}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(
  user: ApiUser,
  chatId: number,
  file: { name: string; type: string; data: Buffer } | undefined,
  content = "",
) {
  const form = multipart(file, content);
  return chatApp.t.app.inject({
    method: "POST",
    url: `/api/chats/${chatId}/attachments`,
    headers: { ...user.headers, "content-type": form.type },
    payload: form.body,
  });
}

const download = (user: ApiUser | undefined, url: string) =>
  chatApp.t.app.inject({ method: "GET", url, headers: user?.headers ?? {} });

describe("chat attachments", () => {
  it("a student's PDF and the advisor's PNG show in the conversation and download for both", async () => {
    const { t, advisor } = chatApp;
    const student = await apiUser(t.app, t.database.db);
    const { chat_id: chatId } = await chatApp.apply(student);

    const sent = await upload(
      student,
      chatId,
      { name: "../../Transcript “2026”.PDF", type: "application/octet-stream", data: PDF },
      "My transcript",
    );
    expectStatus(sent, 201);
    const message = parseWith(ChatMessageSchema, sent.json(), "attachment message");
    expect(message.content).toBe("My transcript");
    expect(message.attachment).toMatchObject({
      file_name: "Transcript “2026”.pdf",
      content_type: "application/pdf",
      size_bytes: PDF.length,
    });

    const reply = await upload(advisor, chatId, {
      name: "checklist",
      type: "image/png",
      data: PNG,
    });
    expectStatus(reply, 201);
    const replyMessage = parseWith(ChatMessageSchema, reply.json(), "reply");
    // No caption: the file name is the message.
    expect(replyMessage.content).toBe("checklist.png");

    const page = await chatApp.call(student, "GET", `/api/chats/${chatId}/messages`);
    const listed = parseWith(ChatMessagesSchema, page.json(), "messages").results;
    expect(listed.map((m) => m.attachment?.content_type)).toEqual(["application/pdf", "image/png"]);

    for (const user of [student, advisor]) {
      const file = await download(user, message.attachment!.url);
      expectStatus(file, 200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.headers["content-disposition"]).toBe(
        `attachment; filename="Transcript _2026_.pdf"; filename*=UTF-8''${encodeURIComponent("Transcript “2026”.pdf")}`,
      );
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.headers["cache-control"]).toBe("private, no-store");
    }
    const png = await download(student, replyMessage.attachment!.url);
    expectStatus(png, 200);
    expect(png.headers["content-type"]).toBe("image/png");
  });

  it("answers 404 to another student, another advisor and anyone signed out", async () => {
    const { t } = chatApp;
    const student = await apiUser(t.app, t.database.db);
    const { chat_id: chatId } = await chatApp.apply(student);
    const sent = parseWith(
      ChatMessageSchema,
      (
        await upload(student, chatId, { name: "passport.jpg", type: "image/jpeg", data: JPEG })
      ).json(),
      "jpeg",
    );
    expect(sent.attachment?.content_type).toBe("image/jpeg");
    const url = sent.attachment!.url;

    const otherStudent = await apiUser(t.app, t.database.db);
    const otherAdvisor = await apiUser(t.app, t.database.db, "advisor", "Olive");
    for (const [who, user] of [
      ["other student", otherStudent],
      ["other advisor", otherAdvisor],
      ["signed out", undefined],
    ] as const) {
      const answer = await download(user, url);
      expect(answer.statusCode, who).toBe(404);
      expect(parseWith(ApiErrorSchema, answer.json(), who).detail).toBe(
        ATTACHMENT_MESSAGES.notFound,
      );
      expect(answer.body).not.toContain("JFIF");
    }
    // Another chat's id in the path, or an unknown file: the same 404.
    const { chat_id: otherChat } = await chatApp.apply(otherStudent);
    expectStatus(
      await download(student, url.replace(`/chats/${chatId}/`, `/chats/${otherChat}/`)),
      404,
    );
    expectStatus(await download(student, `/api/chats/${chatId}/attachments/2147483647`), 404);
    // Nor may they send files to it.
    const intruder = await upload(otherStudent, chatId, {
      name: "x.pdf",
      type: "application/pdf",
      data: PDF,
    });
    expectStatus(intruder, 404);
  });

  it("refuses other types by their bytes (415), empty or missing files (400) and large files (413)", async () => {
    const { t } = chatApp;
    const student = await apiUser(t.app, t.database.db);
    const { chat_id: chatId } = await chatApp.apply(student);

    const disguised = await upload(student, chatId, {
      name: "cv.pdf",
      type: "application/pdf",
      data: HTML,
    });
    expectStatus(disguised, 415);
    expect(parseWith(ApiErrorSchema, disguised.json(), "415").detail).toBe(
      ATTACHMENT_MESSAGES.wrongType,
    );

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expectStatus(
      await upload(student, chatId, { name: "a.png", type: "image/png", data: svg }),
      415,
    );

    const missing = await upload(student, chatId, undefined, "no file");
    expectStatus(missing, 400);
    expect(parseWith(ApiErrorSchema, missing.json(), "400").detail).toBe(
      ATTACHMENT_MESSAGES.missing,
    );

    const empty = await upload(student, chatId, {
      name: "a.pdf",
      type: "application/pdf",
      data: Buffer.alloc(0),
    });
    expectStatus(empty, 400);

    const json = await chatApp.call(student, "POST", `/api/chats/${chatId}/attachments`, {
      file: "x",
    });
    expectStatus(json, 400);

    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const tooLarge = await upload(student, chatId, {
      name: "big.pdf",
      type: "application/pdf",
      data: big,
    });
    expectStatus(tooLarge, 413);
    expect(parseWith(ApiErrorSchema, tooLarge.json(), "413").detail).toBe(
      ATTACHMENT_MESSAGES.tooLarge(10 * 1024 * 1024),
    );

    const longCaption = await upload(
      student,
      chatId,
      { name: "a.pdf", type: "application/pdf", data: PDF },
      "x".repeat(4001),
    );
    expectStatus(longCaption, 400);

    // Nothing refused was stored.
    const page = await chatApp.call(student, "GET", `/api/chats/${chatId}/messages`);
    expect(parseWith(ChatMessagesSchema, page.json(), "messages").results).toEqual([]);
  });
});
