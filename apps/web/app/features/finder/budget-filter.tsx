// "Total cost up to" (docs/decisions/051-total-cost-and-rates.md): a budget for the whole
// programme in the student's currency, from a slider or typed, sent as max_total with the
// currency; the bands under it say how many programmes each round budget would give.
import { useId, useState, type FormEvent } from "react";

import { RatesNote } from "../../currency/fee-facts.tsx";
import { useMyMoney } from "../../currency/my-money.ts";
import { withValues } from "./finder-query.ts";
import { useFinder } from "./finder-data.ts";
import styles from "./filter-panel.module.css";
import budgetStyles from "./budget-filter.module.css";

/** Whole amounts with grouping ("25,000"), one formatter for every render. */
const format = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });

/** The slider's top in USD (the bands span up to 200,000 USD of total cost). */
const SLIDER_TOP_USD = 200_000;

export function BudgetFilter() {
  const { location } = useFinder();
  const money = useMyMoney();
  const params = new URLSearchParams(location.search);
  const applied = params.get("max_total");
  // The address's currency, else the student's own (ADR 052): a budget is typed in it.
  const currency = params.get("currency") ?? money?.code ?? "USD";
  // Remounted when the applied budget changes (a chip removed, Reset), so the inputs follow it.
  return <BudgetForm key={`${applied ?? ""}|${currency}`} applied={applied} currency={currency} />;
}

function BudgetForm({ applied, currency }: { applied: string | null; currency: string }) {
  const { data, location, go } = useFinder();
  const id = useId();
  const rate = data.currencies.find((item) => item.short_code === currency)?.usd_exchange_rate ?? 1;
  const top = Math.round(SLIDER_TOP_USD * rate);
  const step = Math.max(1, 10 ** Math.max(0, Math.floor(Math.log10(top)) - 2));
  const [amount, setAmount] = useState<number>(() => {
    const value = Number(applied);
    return value > 0 ? value : top;
  });
  const bands = data.facets.budget?.currency === currency ? data.facets.budget.bands : [];

  const apply = (value: number) => {
    const withBudget = withValues(location.search, "max_total", value > 0 ? [String(value)] : []);
    const next = withValues(withBudget, "currency", currency === "USD" ? [] : [currency]);
    go(`${location.pathname}${next}`);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(amount);
  };

  return (
    <form className={styles.tuition} onSubmit={submit} aria-label="Total cost up to">
      <label htmlFor={`${id}-slider`} className={styles.fieldLabel}>
        {`Total cost up to (${currency})`}
      </label>
      <input
        id={`${id}-slider`}
        type="range"
        className={budgetStyles.slider}
        min={0}
        max={top}
        step={step}
        value={Math.min(amount, top)}
        aria-valuetext={`${format.format(amount)} ${currency}`}
        onChange={(event) => setAmount(Number(event.target.value))}
      />
      <label htmlFor={`${id}-amount`} className={styles.fieldLabel}>
        {`Budget (${currency})`}
      </label>
      <input
        id={`${id}-amount`}
        type="number"
        inputMode="numeric"
        className={styles.number}
        min={1}
        value={amount}
        onChange={(event) => setAmount(Math.max(0, Number(event.target.value) || 0))}
      />
      {bands.length > 0 && (
        <ul className={budgetStyles.bands} aria-label="Programmes per budget">
          {bands.map((band) => (
            <li key={band.max}>
              <button type="button" className={budgetStyles.band} onClick={() => apply(band.max)}>
                {`Up to ${format.format(band.max)} ${currency} (${format.format(band.count)})`}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="submit" className={styles.apply}>
        APPLY
      </button>
      <RatesNote className={budgetStyles.rates} lead={`Totals in ${currency}`} />
    </form>
  );
}
