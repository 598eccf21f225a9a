// An unsent message survives a reload (docs/decisions/050-recovery-codes-and-real-names.md,
// "Chat drafts and length"): kept per user and chat in sessionStorage, so it stays in this tab
// only and goes when the tab is closed; it is removed once sent or emptied.
import { CHAT_MESSAGE_MAX_LENGTH } from "@studyatlas/schemas/chat.ts";

/** The counter shows from this many characters before the limit. */
export const CHAT_COUNTER_FROM = CHAT_MESSAGE_MAX_LENGTH - 500;

function draftKey(userId: number, chatId: number): string {
  return `studyatlas:chat-draft:${userId}:${chatId}`;
}

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    // Storage refused (a privacy setting): drafts just do not survive a reload.
    return undefined;
  }
}

export function readDraft(userId: number, chatId: number): string {
  try {
    return storage()?.getItem(draftKey(userId, chatId)) ?? "";
  } catch {
    return "";
  }
}

export function writeDraft(userId: number, chatId: number, text: string): void {
  try {
    const store = storage();
    if (!store) return;
    if (text === "") store.removeItem(draftKey(userId, chatId));
    else store.setItem(draftKey(userId, chatId), text);
  } catch {
    // Quota exceeded or storage refused: the draft stays in memory only.
  }
}

/**
 * Characters as the server counts them (`String.length`, ADR 050) and whether the counter shows:
 * near the limit, or over it.
 */
export function draftLength(text: string): { length: number; over: number; showCounter: boolean } {
  const length = text.length;
  return {
    length,
    over: Math.max(0, length - CHAT_MESSAGE_MAX_LENGTH),
    showCounter: length >= CHAT_COUNTER_FROM,
  };
}
