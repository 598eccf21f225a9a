// The free-text + country search of the header and the home hero (docs/spec/discovery.md §2). No
// validation: the values go straight into /coursefinder?name={text}&country={slug or 'Where?'}
// (§5). A plain GET form, so it works before the page's JavaScript has loaded too.
//
// While the visitor types (two characters or more), a dropdown offers programmes, disciplines,
// schools and countries from the suggest API (ARIA combobox pattern): the arrow keys move the
// highlight, Enter opens the highlighted suggestion, Escape closes the list. Enter with nothing
// highlighted submits the search as before.
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";

import type { Suggestion } from "@studyatlas/schemas/finder.ts";

import { useCountryOptions } from "../../hooks/use-country-options.ts";
import { useDismiss } from "../../hooks/use-dismiss.ts";
import { SearchIcon } from "../icons/icons.tsx";
import { CountrySelect, WHERE_PLACEHOLDER } from "./country-select.tsx";
import styles from "./course-search-form.module.css";
import { SearchSuggestions } from "./search-suggestions.tsx";
import { groupSuggestions, moveHighlight } from "./suggestion-groups.ts";
import { useSearchSuggestions } from "./use-search-suggestions.ts";

const SEARCH_PLACEHOLDER = "What do you want to study?";

interface CourseSearchFormProps {
  /** The hero's large form, or the compact one in the header. */
  variant: "hero" | "header";
}

export function CourseSearchForm({ variant }: CourseSearchFormProps) {
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;
  const countries = useCountryOptions();
  const navigate = useNavigate();
  const [country, setCountry] = useState<string | undefined>(undefined);
  const [text, setText] = useState("");
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

  return (
    <Form
      method="get"
      action="/coursefinder"
      role="search"
      aria-label="Search programmes"
      className={styles.form}
      data-variant={variant}
      onSubmit={() => setListOpen(false)}
    >
      <div ref={rootRef} className={styles.textField}>
        <label htmlFor={`${id}-name`} className="visually-hidden">
          {SEARCH_PLACEHOLDER}
        </label>
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          className={styles.text}
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setListOpen(true);
            setHighlight(-1);
          }}
          onFocus={() => setListOpen(true)}
          onKeyDown={onKeyDown}
        />
        <SearchSuggestions
          id={listboxId}
          groups={groups}
          open={expanded}
          activeIndex={active}
          optionId={optionId}
          onHighlight={setHighlight}
          onChoose={choose}
        />
        {/* Tells screen-reader users that suggestions appeared, without moving their focus. */}
        <p className="visually-hidden" role="status">
          {expanded
            ? `${ordered.length} ${ordered.length === 1 ? "suggestion" : "suggestions"} available; use the arrow keys to choose.`
            : ""}
        </p>
      </div>
      <span className={styles.divider} aria-hidden="true" />
      <CountrySelect
        countries={countries}
        value={country}
        onChange={setCountry}
        className={styles.country}
      />
      <input type="hidden" name="country" value={country ?? WHERE_PLACEHOLDER} />
      <button type="submit" className={styles.submit}>
        <SearchIcon className={styles.submitIcon} />
        <span className={styles.submitLabel}>Search</span>
      </button>
    </Form>
  );
}
