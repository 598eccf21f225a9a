// The search box's suggestions as an ARIA combobox: which suggestions are listed, whether the list
// is open, which one is highlighted, and the keys that move the highlight (the arrows), open the
// highlighted suggestion (Enter) and close the list (Escape). Enter with nothing highlighted is
// left to the form, which searches as before.
import { type KeyboardEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";

import type { Suggestion } from "@studyatlas/schemas/finder.ts";

import { useDismiss } from "../../hooks/use-dismiss.ts";
import { groupSuggestions, moveHighlight } from "./suggestion-groups.ts";
import { useSearchSuggestions } from "./use-search-suggestions.ts";

export function useSuggestionCombobox(text: string) {
  const navigate = useNavigate();
  const [listOpen, setListOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);

  const suggestions = useSearchSuggestions(text);
  const { groups, ordered } = groupSuggestions(suggestions.results);
  const expanded = listOpen && ordered.length > 0;
  const active = expanded && highlight < ordered.length ? highlight : -1;

  useDismiss(expanded, rootRef, () => setListOpen(false));

  const choose = (suggestion: Suggestion) => {
    setListOpen(false);
    setHighlight(-1);
    void navigate(suggestion.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        if (ordered.length === 0) return;
        event.preventDefault();
        if (expanded) {
          setHighlight(moveHighlight(active, event.key, ordered.length));
        } else {
          // Reopens a list closed with Escape, starting from the end the arrow points to.
          setListOpen(true);
          setHighlight(event.key === "ArrowDown" ? 0 : ordered.length - 1);
        }
        break;
      case "Enter": {
        const chosen = active >= 0 ? ordered[active] : undefined;
        if (!chosen) return; // nothing highlighted: the form submits as before
        event.preventDefault();
        choose(chosen);
        break;
      }
      case "Escape":
        if (!expanded) return;
        // Closes the list only; a second Escape is free for whatever surrounds the form.
        event.preventDefault();
        event.stopPropagation();
        setListOpen(false);
        setHighlight(-1);
        break;
    }
  };

  return {
    rootRef,
    groups,
    ordered,
    expanded,
    active,
    choose,
    onKeyDown,
    setHighlight,
    /** Opens the list (the box got focus) and, after typing, starts without a highlight. */
    open: (typed: boolean) => {
      setListOpen(true);
      if (typed) setHighlight(-1);
    },
    close: () => setListOpen(false),
  };
}
