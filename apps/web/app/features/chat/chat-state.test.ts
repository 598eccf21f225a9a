import { describe, expect, it } from "vitest";

import type { ChatMessage, ChatSummary } from "@studyatlas/schemas/chat.ts";

import {
  dateLine,
  lastMessageId,
  linkify,
  listTime,
  mergeMessages,
  previewOf,
  roleLabel,
  sortChats,
  withLiveMessage,
} from "./chat-state.ts";

const sender = { id: 7, first_name: "Ava", last_name: "Advisor", role: "advisor" };
function message(id: number, chatId = 1, senderId = 7): ChatMessage {
  return {
    id,
    chat_id: chatId,
    sender: { ...sender, id: senderId },
    content: `m${id}`,
    sent_at: new Date(Date.UTC(2026, 10, 25, 10, id)).toISOString(),
  };
}
function chat(id: number, lastAt: string | null, unread = 0): ChatSummary {
  return {
    id,
    programme: { name: "MBA", slug: "mba" },
    counterpart: sender,
    last_message: lastAt ? { content: "x", sent_at: lastAt } : null,
    unread,
    created_at: "2026-11-01T00:00:00.000Z",
  };
}

describe("mergeMessages", () => {
  it("keeps each message once, oldest first, whatever order they arrive in", () => {
    const merged = mergeMessages([message(1), message(3)], [message(3), message(2), message(5)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 5]);
    expect(lastMessageId(merged)).toBe(5);
    expect(lastMessageId([])).toBe(0);
  });
});

describe("the chat list", () => {
  it("sorts by the latest message, newest first, a chat without messages by its creation", () => {
    const sorted = sortChats([
      chat(1, "2026-11-20T10:00:00.000Z"),
      chat(2, null),
      chat(3, "2026-11-24T10:00:00.000Z"),
    ]);
    expect(sorted.map((c) => c.id)).toEqual([3, 1, 2]);
  });

  it("moves a chat with a live message to the top and counts it unread unless own or open", () => {
    const chats = [chat(1, "2026-11-24T10:00:00.000Z"), chat(2, "2026-11-20T10:00:00.000Z")];
    const next = withLiveMessage(chats, message(9, 2), { ownUserId: 1, openChatId: 1 })!;
    expect(next.map((c) => [c.id, c.unread])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    expect(next[0]?.last_message?.content).toBe("m9");
    const own = withLiveMessage(chats, message(9, 2, 1), { ownUserId: 1, openChatId: 1 })!;
    expect(own[0]?.unread).toBe(0);
    const open = withLiveMessage(chats, message(9, 2), { ownUserId: 1, openChatId: 2 })!;
    expect(open[0]?.unread).toBe(0);
    expect(withLiveMessage(chats, message(9, 5), { ownUserId: 1, openChatId: 1 })).toBeUndefined();
  });

  it("previews the last message on one line, or says there is none", () => {
    expect(previewOf(chat(1, null))).toBe("No messages yet");
    const long = { ...chat(1, "2026-11-24T10:00:00.000Z") };
    long.last_message = { content: "a\n b ".repeat(40), sent_at: long.last_message!.sent_at };
    expect(previewOf(long, 20)).toMatch(/^a b a b .{11}…$/);
  });
});

describe("labels and times", () => {
  it("shows the counterpart's role, 'User' by default", () => {
    expect(roleLabel("advisor")).toBe("Advisor");
    expect(roleLabel(undefined)).toBe("User");
    expect(roleLabel("admin")).toBe("User");
  });

  it("shows the hour for today and the date before, with a date line per day", () => {
    const now = new Date("2026-11-25T15:00:00.000Z");
    expect(listTime("2026-11-25T09:05:00.000Z", now, "UTC")).toBe("09:05");
    expect(listTime("2026-11-02T09:05:00.000Z", now, "UTC")).toBe("2 Nov");
    expect(listTime("2025-11-02T09:05:00.000Z", now, "UTC")).toBe("2 Nov 2025");
    expect(dateLine("2026-11-25T09:05:00.000Z", now, "UTC")).toBe("Today");
    expect(dateLine("2026-11-24T09:05:00.000Z", now, "UTC")).toBe("Yesterday");
    expect(dateLine("2026-11-02T09:05:00.000Z", now, "UTC")).toBe("Monday, 2 November 2026");
  });
});

describe("linkify", () => {
  it("makes http(s) links clickable and leaves everything else as text", () => {
    expect(linkify("See https://example.com/apply?x=1. Thanks")).toEqual([
      { kind: "text", text: "See " },
      {
        kind: "link",
        text: "https://example.com/apply?x=1",
        href: "https://example.com/apply?x=1",
      },
      { kind: "text", text: ". Thanks" },
    ]);
    expect(linkify('<img src=x onerror="alert(1)"> javascript:alert(1)')).toEqual([
      { kind: "text", text: '<img src=x onerror="alert(1)"> javascript:alert(1)' },
    ]);
  });
});
