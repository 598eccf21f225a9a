// The free-text + country search of the header and the home hero (docs/spec/discovery.md §2). No
// validation: the values go straight into /coursefinder?name={text}&country={slug or 'Where?'}
// (§5). A plain GET form, so it works before the page's JavaScript has loaded too.
//
// While the visitor types (two characters or more), a dropdown offers programmes, disciplines,
// schools and countries from the suggest API (ARIA combobox pattern): the arrow keys move the
// highlight, Enter opens the highlighted suggestion, Escape closes the list. Enter with nothing
// highlighted submits the search as before.
import { type RefObject, useId, useState } from "react";
import { Form } from "react-router";

import { useCountryOptions } from "../../hooks/use-country-options.ts";
import { SearchIcon } from "../icons/icons.tsx";
import { CountrySelect, WHERE_PLACEHOLDER } from "./country-select.tsx";
import styles from "./course-search-form.module.css";
import { SearchSuggestions } from "./search-suggestions.tsx";
import { useSuggestionCombobox } from "./use-suggestion-combobox.ts";

const SEARCH_PLACEHOLDER = "What do you want to study?";

interface CourseSearchFormProps {
  /** The hero's large form, or the compact one in the header. */
  variant: "hero" | "header";
}

export function CourseSearchForm({ variant }: CourseSearchFormProps) {
  const id = useId();
  const countries = useCountryOptions();
  const [country, setCountry] = useState<string | undefined>(undefined);
  const [text, setText] = useState("");
  const { rootRef, ...combobox } = useSuggestionCombobox(text);

  return (
    <Form
      method="get"
      action="/coursefinder"
      role="search"
      aria-label="Search programmes"
      className={styles.form}
      data-variant={variant}
      onSubmit={combobox.close}
    >
      <SearchTextField
        id={id}
        rootRef={rootRef}
        text={text}
        onText={(value) => {
          setText(value);
          combobox.open(true);
        }}
        combobox={combobox}
      />
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

/** The free-text box with its suggestions listed below it. */
function SearchTextField({
  id,
  rootRef,
  text,
  onText,
  combobox,
}: {
  id: string;
  rootRef: RefObject<HTMLDivElement | null>;
  text: string;
  onText: (text: string) => void;
  combobox: Omit<ReturnType<typeof useSuggestionCombobox>, "rootRef">;
}) {
  const listboxId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;
  const { expanded, active, ordered } = combobox;
  return (
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
        onChange={(event) => onText(event.target.value)}
        onFocus={() => combobox.open(false)}
        onKeyDown={combobox.onKeyDown}
      />
      <SearchSuggestions
        id={listboxId}
        groups={combobox.groups}
        open={expanded}
        activeIndex={active}
        optionId={optionId}
        onHighlight={combobox.setHighlight}
        onChoose={combobox.choose}
      />
      {/* Tells screen-reader users that suggestions appeared, without moving their focus. */}
      <p className="visually-hidden" role="status">
        {expanded
          ? `${ordered.length} ${ordered.length === 1 ? "suggestion" : "suggestions"} available; use the arrow keys to choose.`
          : ""}
      </p>
    </div>
  );
}
