// The suggestions listbox under a search box: grouped options (Programmes, Disciplines, Schools,
// Countries), the highlighted one marked for assistive technology through the input's
// aria-activedescendant. The input keeps the focus; the mouse picks without blurring it.
import { useEffect, useRef } from "react";

import type { Suggestion } from "@studyatlas/schemas/finder.ts";

import styles from "./search-suggestions.module.css";
import type { SuggestionGroup } from "./suggestion-groups.ts";

interface SearchSuggestionsProps {
  id: string;
  groups: readonly SuggestionGroup[];
  open: boolean;
  activeIndex: number;
  optionId: (index: number) => string;
  onHighlight: (index: number) => void;
  onChoose: (suggestion: Suggestion) => void;
}

export function SearchSuggestions({
  id,
  groups,
  open,
  activeIndex,
  optionId,
  onHighlight,
  onChoose,
}: SearchSuggestionsProps) {
  const panelRef = useRef<HTMLDivElement>(null);

  // The arrow keys may highlight an option below the panel's fold: keep it in view.
  useEffect(() => {
    if (!open || activeIndex < 0) return;
    panelRef.current
      ?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`)
      ?.scrollIntoView({ block: "nearest" });
  }, [open, activeIndex]);

  return (
    <div
      ref={panelRef}
      id={id}
      role="listbox"
      aria-label="Suggestions"
      className={styles.panel}
      hidden={!open}
    >
      {open &&
        groups.map((group) => (
          <div
            key={group.type}
            role="group"
            aria-labelledby={`${id}-${group.type}`}
            className={styles.group}
          >
            <div id={`${id}-${group.type}`} role="presentation" className={styles.groupLabel}>
              {group.label}
            </div>
            {group.items.map(({ suggestion, index }) => (
              <div
                key={suggestion.url}
                id={optionId(index)}
                data-index={index}
                role="option"
                aria-selected={index === activeIndex}
                className={styles.option}
                data-active={index === activeIndex || undefined}
                // Keeps the focus in the search box while the mouse picks.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => onHighlight(index)}
                onClick={() => onChoose(suggestion)}
              >
                <span className={styles.label}>{suggestion.label}</span>
                <span className={styles.detail}>{suggestion.detail}</span>
              </div>
            ))}
          </div>
        ))}
    </div>
  );
}
