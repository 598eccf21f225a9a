// The compare tray's rules (docs/decisions/052-my-currency-and-compare.md), pure so each is
// unit-tested: at most COMPARE_LIMIT programmes, each once, in the order added; a fifth add is
// refused with the reason.
import { COMPARE_LIMIT, COMPARE_MESSAGES } from "@studyatlas/schemas/my-currency-rules.ts";

/** A programme in the tray, with the name the tray lists it by. */
export interface TrayEntry {
  id: number;
  name: string;
}

export type CompareChange = { ok: boolean; tray: TrayEntry[]; message: string };

export function toggleCompare(tray: readonly TrayEntry[], entry: TrayEntry): CompareChange {
  if (tray.some((item) => item.id === entry.id)) {
    return {
      ok: true,
      tray: tray.filter((item) => item.id !== entry.id),
      message: `${COMPARE_MESSAGES.removed}: ${entry.name}`,
    };
  }
  if (tray.length >= COMPARE_LIMIT) {
    return { ok: false, tray: [...tray], message: COMPARE_MESSAGES.tooMany };
  }
  return {
    ok: true,
    tray: [...tray, entry],
    message: `${COMPARE_MESSAGES.added}: ${entry.name}`,
  };
}

function entryOf(value: unknown): TrayEntry | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { id, name } = value as { id?: unknown; name?: unknown };
  if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) return undefined;
  return { id, name: typeof name === "string" ? name.slice(0, 300) : "" };
}

/** A stored tray (localStorage, any text) as entries: valid ones, each once, capped. */
export function trayFromStorage(text: string | null): TrayEntry[] {
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const tray: TrayEntry[] = [];
  for (const value of parsed) {
    const entry = entryOf(value);
    if (entry && !tray.some((item) => item.id === entry.id)) tray.push(entry);
  }
  return tray.slice(0, COMPARE_LIMIT);
}

/**
 * The tray a signed-in student starts with: the account's, or, when the account has none yet,
 * the one this browser kept before signing in (then saved to the account).
 */
export function trayOnSignIn(
  account: readonly TrayEntry[],
  browser: readonly TrayEntry[],
): TrayEntry[] {
  return account.length > 0 ? [...account] : browser.slice(0, COMPARE_LIMIT);
}
