// Zero results as a last resort (docs/decisions/059-widening-an-empty-search.md): when the filters
// taken from the typed words (ADR 045) leave nothing, the search is answered without them, the
// least specific first and the most specific kept longest, and says what it set aside. Only
// filters read from the words are dropped, never one the student set; the words' search itself
// (the text) is never changed. Each step resolves and lists through the caller's own functions
// (the search module, index or SQL, or the page's catalogue), so both paths widen alike.
import type { CourseListQuery } from "@studyatlas/schemas/catalogue.ts";
import type { QueryChip, WidenedSearch } from "@studyatlas/schemas/finder.ts";

import type { CourseListRequest } from "./course-request.ts";
import { narrows } from "./nearby-searches.ts";

/** The chip kinds that filter, least specific first: the order in which they are set aside. */
const WIDENING_ORDER: readonly QueryChip["kind"][] = ["price", "format", "level", "country"];

/** A chip that only orders the results (`cheap`) never narrows them: it is never dropped. */
function filters(chip: QueryChip): boolean {
  return chip.label !== "Cheapest first";
}

/** The chips of `chips` that were not set aside (matched by kind and label). */
export function keptChips(chips: readonly QueryChip[], widened?: WidenedSearch): QueryChip[] {
  if (!widened) return [...chips];
  return chips.filter(
    (chip) => !widened.dropped.some((item) => item.kind === chip.kind && item.label === chip.label),
  );
}

/** The next chip to set aside: the least specific of those that filter. */
function leastSpecific(chips: readonly QueryChip[]): QueryChip | undefined {
  for (const kind of WIDENING_ORDER) {
    const chip = chips.find((item) => item.kind === kind && filters(item));
    if (chip) return chip;
  }
  return undefined;
}

/** How a dropped chip narrowed the search, and what the widened search shows instead. */
function phrases(chip: QueryChip): { narrowed: string; widened: string } {
  switch (chip.kind) {
    case "country":
      return { narrowed: `in ${chip.label}`, widened: "in all countries" };
    case "level":
      return { narrowed: `at the ${chip.label} level`, widened: "at every level" };
    case "format":
      return { narrowed: `(${chip.label})`, widened: "in every format" };
    case "price":
      return { narrowed: `(${chip.label})`, widened: "at any price" };
  }
}

/** The sentence and the undo link's text for a search widened by dropping `dropped`. */
export function describeWidening(text: string, dropped: readonly QueryChip[]): WidenedSearch {
  const subject = text ? `‘${text}’ ` : "";
  const said = dropped.map(phrases);
  const narrowed = said.map((item) => item.narrowed).join(" ");
  return {
    dropped: [...dropped],
    message: `No ${subject}programmes ${narrowed} — showing ${subject || "programmes "}${said.map((item) => item.widened).join(", ")}.`,
    undo_label: `Search ${narrowed} only`,
  };
}

export interface Widening<T> {
  /** The request answered: the one asked, or the widened one. */
  request: CourseListRequest;
  answer: T;
  /** What was set aside, when the search was widened. */
  widened?: WidenedSearch;
}

/**
 * The answer to `query` (resolved as `request`, answered as `answer`), widened when it found
 * nothing and filters taken from its words could be set aside: one chip at a time, until
 * something matches. Unchanged when nothing the widening may drop finds anything, or when the
 * query asks for no widening (`widen=false`).
 */
export async function widenWhenEmpty<T extends { count: number }>(
  query: CourseListQuery,
  request: CourseListRequest,
  answer: T,
  steps: {
    resolve: (query: CourseListQuery) => Promise<CourseListRequest>;
    list: (request: CourseListRequest) => Promise<T>;
  },
): Promise<Widening<T>> {
  const unchanged = { request, answer };
  if (answer.count > 0 || query.widen === false || !request.interpretation) return unchanged;
  const dropped: QueryChip[] = [];
  let current = request;
  let next = query;
  for (;;) {
    const chip = leastSpecific(current.interpretation?.chips ?? []);
    if (!chip) return unchanged;
    dropped.push(chip);
    // The chip's own removal (its link on the page): the typed text without its words.
    next = { ...next, name: chip.text_without };
    if (!chip.text_without) delete next.name;
    // Every programme is no answer to a search: stop before the widening asks for nothing.
    if (!narrows(next)) return unchanged;
    current = await steps.resolve(next);
    const widenedAnswer = await steps.list(current);
    if (widenedAnswer.count > 0) {
      return {
        request: current,
        answer: widenedAnswer,
        widened: describeWidening(request.interpretation.text, dropped),
      };
    }
  }
}
