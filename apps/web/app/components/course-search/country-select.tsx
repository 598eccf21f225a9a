// The search forms' country dropdown (docs/spec/discovery.md §2 Header and Home hero): 'Where?'
// until a country is picked, its own search box, a list at most 44 units (11rem) tall, and it
// closes 500 ms after the mouse pointer leaves it (§9). Keyboard: the search box is a combobox;
// arrows move through the list, Enter picks, Escape closes.
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from "react";

import type { CountryOption } from "../../hooks/use-country-options.ts";
import { useDismiss } from "../../hooks/use-dismiss.ts";
import { CheckIcon, ChevronDownIcon, MapPinIcon } from "../icons/icons.tsx";
import styles from "./country-select.module.css";

/** The spec's placeholder; the finder reads it as "any country" (docs/spec/discovery.md §5). */
export const WHERE_PLACEHOLDER = "Where?";

/** docs/spec/discovery.md §9: "Country dropdown closes 500 ms after the pointer leaves". */
const CLOSE_AFTER_POINTER_LEAVES_MS = 500;

interface CountrySelectProps {
  countries: readonly CountryOption[];
  /** Slug of the chosen country; undefined while it is 'Where?'. */
  value: string | undefined;
  onChange: (slug: string | undefined) => void;
  className?: string;
}

/** Folds case and accents, so that 'cote' finds "Côte d'Ivoire". */
function searchable(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** Closes the panel a while after the mouse pointer leaves it, unless it comes back (§9). */
function useCloseAfterPointerLeaves(open: boolean, close: () => void) {
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  };
  useEffect(() => {
    const timer = closeTimer;
    return () => clearTimeout(timer.current);
  }, []);
  const onPointerLeave = (event: PointerEvent) => {
    // Touch pointers "leave" right after every tap; only a mouse really leaves.
    if (!open || event.pointerType !== "mouse") return;
    cancel();
    closeTimer.current = setTimeout(close, CLOSE_AFTER_POINTER_LEAVES_MS);
  };
  return { cancel, onPointerLeave };
}

/** The combobox keys: arrows, Home and End move through the list, Enter picks. */
function onListKeyDown(
  event: KeyboardEvent<HTMLInputElement>,
  active: number,
  last: number,
  moveTo: (index: number) => void,
  pick: () => void,
): void {
  switch (event.key) {
    case "ArrowDown":
      event.preventDefault();
      moveTo(Math.min(active + 1, last));
      break;
    case "ArrowUp":
      event.preventDefault();
      moveTo(Math.max(active - 1, 0));
      break;
    case "Home":
      event.preventDefault();
      moveTo(0);
      break;
    case "End":
      event.preventDefault();
      moveTo(last);
      break;
    case "Enter":
      // Picks the highlighted country instead of submitting the search form.
      event.preventDefault();
      pick();
      break;
  }
}

export function CountrySelect({ countries, value, onChange, className }: CountrySelectProps) {
  const id = useId();
  const panelId = `${id}-panel`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const pointer = useCloseAfterPointerLeaves(open, () => setOpen(false));

  const selected = countries.find((country) => country.slug === value);
  const needle = searchable(query.trim());
  // The first option puts the placeholder back, so a choice can be undone.
  const options: readonly (CountryOption | undefined)[] = [
    undefined,
    ...countries.filter((country) => searchable(country.name).includes(needle)),
  ];
  // Typing can leave fewer options than the highlighted position.
  const active = Math.min(activeIndex, options.length - 1);

  const close = () => {
    pointer.cancel();
    setOpen(false);
  };
  const openPanel = () => {
    setQuery("");
    setActiveIndex(0);
    setOpen(true);
  };
  const choose = (country: CountryOption | undefined) => {
    onChange(country?.slug);
    close();
    triggerRef.current?.focus();
  };

  useDismiss(open, rootRef, (reason) => {
    close();
    if (reason === "escape") triggerRef.current?.focus();
  });

  return (
    <div
      ref={rootRef}
      className={[styles.root, className].filter(Boolean).join(" ")}
      onPointerEnter={pointer.cancel}
      onPointerLeave={pointer.onPointerLeave}
    >
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={`Country: ${selected?.name ?? WHERE_PLACEHOLDER}`}
        onClick={() => (open ? close() : openPanel())}
      >
        <MapPinIcon className={styles.pin} />
        <span className={styles.triggerLabel} data-placeholder={selected ? undefined : ""}>
          {selected?.name ?? WHERE_PLACEHOLDER}
        </span>
        <ChevronDownIcon className={styles.chevron} data-open={open || undefined} />
      </button>

      {open && (
        <CountryPanel
          id={id}
          options={options}
          value={value}
          query={query}
          active={active}
          onQuery={(text) => {
            setQuery(text);
            setActiveIndex(text.trim() ? 1 : 0);
          }}
          onActive={setActiveIndex}
          onChoose={choose}
        />
      )}
    </div>
  );
}

/** The open panel: the search box (a combobox) and the list of countries it leaves. */
function CountryPanel({
  id,
  options,
  value,
  query,
  active,
  onQuery,
  onActive,
  onChoose,
}: {
  id: string;
  options: readonly (CountryOption | undefined)[];
  value: string | undefined;
  query: string;
  active: number;
  onQuery: (text: string) => void;
  onActive: (index: number) => void;
  onChoose: (country: CountryOption | undefined) => void;
}) {
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: "nearest" });
  }, [active]);

  return (
    <div id={`${id}-panel`} className={styles.panel}>
      <input
        type="text"
        role="combobox"
        className={styles.search}
        placeholder="Search countries..."
        aria-label="Search countries"
        aria-autocomplete="list"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={optionId(active)}
        autoComplete="off"
        autoFocus
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) =>
          onListKeyDown(event, active, options.length - 1, onActive, () =>
            onChoose(options[active]),
          )
        }
      />
      <ul ref={listRef} id={listId} role="listbox" aria-label="Countries" className={styles.list}>
        {options.map((country, index) => {
          const isSelected = country ? country.slug === value : value === undefined;
          return (
            <li
              key={country?.slug ?? ""}
              id={optionId(index)}
              data-index={index}
              role="option"
              aria-selected={isSelected}
              className={styles.option}
              data-active={index === active || undefined}
              // Keeps the focus in the search box while the mouse picks.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => onActive(index)}
              onClick={() => onChoose(country)}
            >
              <span>{country?.name ?? "Any country"}</span>
              {isSelected && <CheckIcon className={styles.check} />}
            </li>
          );
        })}
      </ul>
      {options.length === 1 && <p className={styles.empty}>No country matches “{query.trim()}”.</p>}
    </div>
  );
}
