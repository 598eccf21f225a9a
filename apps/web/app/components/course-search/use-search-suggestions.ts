// Search-as-you-type for the header and hero search boxes: asks the suggest API
// (GET /api/academics/search/suggest?q=) once typing pauses for 150 ms, from two characters on,
// and cancels the request a newer keystroke has made stale.
import { useEffect, useState } from "react";

import type { Suggestion } from "@studyatlas/schemas/finder.ts";

export const SUGGEST_MIN_CHARACTERS = 2;
export const SUGGEST_DEBOUNCE_MS = 150;

export interface SuggestionsState {
  /** The text these suggestions answer. */
  query: string;
  results: readonly Suggestion[];
}

const EMPTY: SuggestionsState = { query: "", results: [] };

export function suggestUrl(text: string): string {
  return `/api/academics/search/suggest?q=${encodeURIComponent(text)}`;
}

export function useSearchSuggestions(text: string): SuggestionsState {
  const query = text.trim();
  const [state, setState] = useState<SuggestionsState>(EMPTY);
  const tooShort = query.length < SUGGEST_MIN_CHARACTERS;

  useEffect(() => {
    if (tooShort) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(suggestUrl(query), {
        signal: controller.signal,
        headers: { accept: "application/json" },
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`Suggestions answered ${response.status}`);
          const body = (await response.json()) as { results?: Suggestion[] };
          setState({ query, results: body.results ?? [] });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          // Suggestions are a convenience: on failure the box simply offers none.
          console.warn("Search suggestions could not be loaded.", error);
          setState({ query, results: [] });
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, tooShort]);

  return tooShort ? EMPTY : state;
}
