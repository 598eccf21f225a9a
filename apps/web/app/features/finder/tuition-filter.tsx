// Tuition (docs/spec/discovery.md §2 Filters, §9): a currency select, a two-thumb range slider
// from 0 to 100000 step 1 with number inputs for both ends, and an APPLY button. The range is
// converted to USD (finder-tuition.ts) and sent as tuition='min,max'; the chosen currency rides
// along as `currency` so the inputs read back in it.
import { useId, useState, type CSSProperties, type FormEvent } from "react";

import { useHydrated } from "../../hooks/use-hydrated.ts";
import { withValues } from "./finder-query.ts";
import {
  DEFAULT_TUITION_CURRENCY,
  DEFAULT_TUITION_RANGE,
  normaliseTuitionRange,
  TUITION_SLIDER,
  tuitionQueryValue,
  tuitionRangeFromQuery,
} from "./finder-tuition.ts";
import { useFinder } from "./finder-data.ts";
import styles from "./filter-panel.module.css";

export function TuitionFilter() {
  const { data, location } = useFinder();
  const params = new URLSearchParams(location.search);
  const tuition = params.get("tuition");
  const currency = params.get("currency") ?? DEFAULT_TUITION_CURRENCY;
  // Remounted when the applied range changes (a chip removed, Reset), so the inputs follow it.
  return (
    <TuitionForm
      key={`${tuition ?? ""}|${currency}`}
      initialCurrency={
        data.currencies.some((item) => item.short_code === currency)
          ? currency
          : DEFAULT_TUITION_CURRENCY
      }
      appliedTuition={tuition}
    />
  );
}

function TuitionForm({
  initialCurrency,
  appliedTuition,
}: {
  initialCurrency: string;
  appliedTuition: string | null;
}) {
  const { data, location, go } = useFinder();
  const id = useId();
  const rateOf = (code: string) =>
    data.currencies.find((item) => item.short_code === code)?.usd_exchange_rate ?? 1;
  const [currency, setCurrency] = useState(initialCurrency);
  const [range, setRange] = useState<[number, number]>(
    () =>
      tuitionRangeFromQuery(appliedTuition, rateOf(initialCurrency)) ?? [...DEFAULT_TUITION_RANGE],
  );
  const [min, max] = range;
  // The server writes the chosen currency alone; the other ~150 options come with the script
  // that makes the form work (ADR 061).
  const hydrated = useHydrated();
  const listed = hydrated
    ? data.currencies
    : data.currencies.filter((item) => item.short_code === currency);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const [low, high] = normaliseTuitionRange(min, max);
    const withTuition = withValues(location.search, "tuition", [
      tuitionQueryValue(low, high, rateOf(currency)),
    ]);
    const next = withValues(
      withTuition,
      "currency",
      currency === DEFAULT_TUITION_CURRENCY ? [] : [currency],
    );
    go(`${location.pathname}${next}`);
  };

  return (
    <form className={styles.tuition} onSubmit={apply} aria-label="Tuition range">
      <label htmlFor={`${id}-currency`} className={styles.fieldLabel}>
        Currency
      </label>
      <select
        id={`${id}-currency`}
        className={styles.select}
        value={currency}
        onChange={(event) => setCurrency(event.target.value)}
      >
        {listed.map((item) => (
          <option key={item.short_code} value={item.short_code}>
            {/* One text: no `<!-- -->` between its parts in the server's HTML (~150 options). */}
            {`${item.short_code} — ${item.name}`}
          </option>
        ))}
      </select>

      <RangeSlider range={range} onChange={setRange} />

      <div className={styles.rangeInputs}>
        <BoundInput
          id={`${id}-min`}
          label={`Min (${currency})`}
          value={min}
          onChange={(value) => setRange([value, max])}
        />
        <span aria-hidden="true" className={styles.rangeDash}>
          –
        </span>
        <BoundInput
          id={`${id}-max`}
          label={`Max (${currency})`}
          value={max}
          onChange={(value) => setRange([min, value])}
        />
      </div>
      <button type="submit" className={styles.apply}>
        APPLY
      </button>
    </form>
  );
}

/** The two thumbs of the range; neither passes the other. */
function RangeSlider({
  range: [min, max],
  onChange,
}: {
  range: [number, number];
  onChange: (range: [number, number]) => void;
}) {
  const percent = (value: number) => (value / TUITION_SLIDER.max) * 100;
  return (
    <div
      className={styles.slider}
      style={
        {
          "--range-start": `${percent(Math.min(min, max))}%`,
          "--range-end": `${percent(Math.max(min, max))}%`,
        } as CSSProperties
      }
    >
      <input
        type="range"
        aria-label="Minimum tuition"
        min={TUITION_SLIDER.min}
        max={TUITION_SLIDER.max}
        step={TUITION_SLIDER.step}
        value={min}
        onChange={(event) => onChange([Math.min(Number(event.target.value), max), max])}
      />
      <input
        type="range"
        aria-label="Maximum tuition"
        min={TUITION_SLIDER.min}
        max={TUITION_SLIDER.max}
        step={TUITION_SLIDER.step}
        value={max}
        onChange={(event) => onChange([min, Math.max(Number(event.target.value), min)])}
      />
    </div>
  );
}

/** One end of the tuition range as a labelled number input within the slider's bounds. */
function BoundInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        className={styles.number}
        min={TUITION_SLIDER.min}
        max={TUITION_SLIDER.max}
        step={TUITION_SLIDER.step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}
