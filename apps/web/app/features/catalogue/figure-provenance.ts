// How the programme page words where its fee and dates come from (docs/decisions/051-total-cost-and-rates.md
// "Provenance"): "updated by the school on 12 Nov 2026", or "from the catalogue import".
import type { FigureChange } from "@studyatlas/schemas/catalogue.ts";

const DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

export function describeChange(change: FigureChange): string {
  if (!change) return "from the catalogue import";
  const who = change.by === "school" ? "the school" : "StudyAtlas";
  return `updated by ${who} on ${DAY.format(new Date(change.changed_at))}`;
}
