// The Sort select. Unlike the spec's browser-side sort of one page (docs/spec/discovery.md §2, §4),
// it orders the whole result set on the server through `ordering`, so page 2 continues page 1
// (docs/spec-notes.md). A GET form: without JavaScript the visitor picks
// an order and presses the Sort button.
import { useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";

import { withOrdering } from "./finder-query.ts";
import { useFinder } from "./finder-data.ts";
import styles from "./results-header.module.css";

const SORT_OPTIONS = [
  { value: "random", label: "Random" },
  { value: "name", label: "Ascending" },
  { value: "-name", label: "Descending" },
  { value: "tuition", label: "Tuition: low to high" },
  { value: "total_cost", label: "Total cost: low to high" },
  { value: "start_date", label: "Start date: soonest" },
] as const;

/**
 * How long arrow keys may rest on an option before it is applied: stepping through the options
 * with the keyboard would otherwise load a new page of results at every step.
 */
export const SORT_KEYBOARD_DELAY_MS = 600;

export function SortSelect() {
  const { data, location, go } = useFinder();
  const id = useId();
  // Chromium changes a closed select's value on every arrow key: from the keyboard an order is
  // applied on Enter or once the keys rest; from a pointer at once.
  // A choice not applied yet, for the address it was made on (a new address drops it).
  const [chosen, setChosen] = useState<{ search: string; value: string }>();
  const pending = chosen?.search === location.search ? chosen.value : undefined;
  const fromKeyboard = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const apply = (value: string) => {
    window.clearTimeout(timer.current);
    go(`${location.pathname}${withOrdering(location.search, value)}`);
  };
  const params = new URLSearchParams(location.search);
  const hasText = Boolean(params.get("name"));
  // Relevance is offered only when there is free text to be relevant to.
  const options = hasText
    ? [{ value: "relevance", label: "Relevance" }, ...SORT_OPTIONS]
    : SORT_OPTIONS;
  const hidden = [...params].filter(
    ([key]) => key !== "ordering" && key !== "seed" && key !== "page",
  );
  return (
    <Form method="get" action={location.pathname} className={styles.sort}>
      {hidden.map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={`${id}-sort`} className={styles.sortLabel}>
        Sort
      </label>
      <select
        id={`${id}-sort`}
        name="ordering"
        className={styles.sortSelect}
        value={pending ?? params.get("ordering") ?? data.ordering}
        onPointerDown={() => {
          fromKeyboard.current = false;
        }}
        onKeyDown={(event) => {
          fromKeyboard.current = true;
          if (event.key === "Enter" && pending !== undefined) {
            event.preventDefault();
            apply(pending);
          }
        }}
        onChange={(event) => {
          const value = event.target.value;
          if (!fromKeyboard.current) {
            apply(value);
            return;
          }
          setChosen({ search: location.search, value });
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => apply(value), SORT_KEYBOARD_DELAY_MS);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={styles.sortSubmit}>
          Sort
        </button>
      </noscript>
    </Form>
  );
}
