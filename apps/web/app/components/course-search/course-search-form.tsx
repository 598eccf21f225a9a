// The free-text + country search of the header and the home hero (discovery.md §2). No
// validation: the values go straight into /coursefinder?name={text}&country={slug or 'Where?'}
// (§5). A plain GET form, so it works before the page's JavaScript has loaded too.
import { useId, useState } from "react";
import { Form } from "react-router";

import { useCountryOptions } from "../../hooks/use-country-options.ts";
import { SearchIcon } from "../icons/icons.tsx";
import { CountrySelect, WHERE_PLACEHOLDER } from "./country-select.tsx";
import styles from "./course-search-form.module.css";

const SEARCH_PLACEHOLDER = "What do you want to study?";

interface CourseSearchFormProps {
  /** The hero's large form, or the compact one in the header. */
  variant: "hero" | "header";
}

export function CourseSearchForm({ variant }: CourseSearchFormProps) {
  const id = useId();
  const countries = useCountryOptions();
  const [country, setCountry] = useState<string | undefined>(undefined);

  return (
    <Form
      method="get"
      action="/coursefinder"
      role="search"
      aria-label="Search programmes"
      className={styles.form}
      data-variant={variant}
    >
      <label htmlFor={`${id}-name`} className="visually-hidden">
        {SEARCH_PLACEHOLDER}
      </label>
      <input
        id={`${id}-name`}
        name="name"
        type="text"
        className={styles.text}
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        enterKeyHint="search"
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
