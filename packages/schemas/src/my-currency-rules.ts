// My currency and the compare tray (docs/decisions/052-my-currency-and-compare.md): the names,
// limits and messages the browser and the server share. No dependencies, so the browser bundles
// import this without zod; the API's schemas (my-currency.ts) are built on it.

/** The cookie a visitor's chosen currency is kept in (a year; signed in, the account keeps it). */
export const CURRENCY_COOKIE = "sa_currency";
export const CURRENCY_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The currency when nothing says otherwise (the catalogue's rates are per US dollar). */
export const DEFAULT_CURRENCY = "USD";
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;

/** At most this many programmes side by side. */
export const COMPARE_LIMIT = 4;
/** The browser's copy of the tray (localStorage), for visitors and between page loads. */
export const COMPARE_STORAGE_KEY = "studyatlas.compare";

export const MY_CURRENCY_MESSAGES = {
  invalidCode: "Choose a currency by its three-letter code, such as EUR or NGN.",
  unknownCode: "We have no exchange rate for this currency. Please choose another one.",
  saved: "Prices now show in",
  failed: "Your currency could not be saved. Please try again.",
} as const;

export const COMPARE_MESSAGES = {
  tooMany: `You can compare up to ${COMPARE_LIMIT} programmes. Remove one from the tray to add another.`,
  notProgrammeIds: "Programme ids must be whole numbers, separated by commas.",
  duplicate: "Each programme can be in the tray only once.",
  added: "Added to compare",
  removed: "Removed from compare",
  failed: "Your compare tray could not be saved to your account. It is kept in this browser.",
} as const;

/**
 * The programme ids of a compare address (`?ids=12,7,30`): whole positive numbers in the order
 * given, each once, at most COMPARE_LIMIT; anything else is left out.
 */
export function compareIdsFromQuery(value: string | null | undefined): number[] {
  if (!value) return [];
  const ids: number[] = [];
  for (const part of value.split(",")) {
    const text = part.trim();
    if (!/^\d{1,9}$/.test(text)) continue;
    const id = Number(text);
    if (id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, COMPARE_LIMIT);
}

/** The address of the compare page for these programmes. */
export function comparePath(ids: readonly number[]): string {
  return ids.length > 0 ? `/compare?ids=${ids.join(",")}` : "/compare";
}
