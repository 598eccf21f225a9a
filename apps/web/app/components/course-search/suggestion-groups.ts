// The suggestions dropdown's groups, in the order it shows them.
import type { Suggestion } from "@studyatlas/schemas/finder.ts";

export const SUGGESTION_GROUPS: readonly { type: Suggestion["type"]; label: string }[] = [
  { type: "programme", label: "Programmes" },
  { type: "discipline", label: "Disciplines" },
  { type: "school", label: "Schools" },
  { type: "country", label: "Countries" },
];

export interface SuggestionGroup {
  type: Suggestion["type"];
  label: string;
  /** Each suggestion with its position in the keyboard order across all groups. */
  items: { suggestion: Suggestion; index: number }[];
}

/** Groups the suggestions; the arrow keys walk them in this grouped order. */
export function groupSuggestions(results: readonly Suggestion[]): {
  groups: SuggestionGroup[];
  ordered: Suggestion[];
} {
  const ordered: Suggestion[] = [];
  const groups: SuggestionGroup[] = [];
  for (const { type, label } of SUGGESTION_GROUPS) {
    const items = results
      .filter((suggestion) => suggestion.type === type)
      .map((suggestion) => {
        ordered.push(suggestion);
        return { suggestion, index: ordered.length - 1 };
      });
    if (items.length > 0) groups.push({ type, label, items });
  }
  return { groups, ordered };
}

/** ArrowDown/ArrowUp through the list; -1 is "nothing highlighted" (the typed text). */
export function moveHighlight(
  current: number,
  key: "ArrowDown" | "ArrowUp",
  count: number,
): number {
  if (count === 0) return -1;
  if (key === "ArrowDown") return current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}
