// The currency picker (docs/decisions/052-my-currency-and-compare.md), in the header and on
// /settings: choosing a currency saves it (a cookie; the account too when signed in) and reloads
// the page's data, so every fee on the page is shown in it. A plain labelled <select>: keyboard
// and screen-reader use come with it.
import { useId, useState } from "react";
import { useRevalidator } from "react-router";

import { MY_CURRENCY_MESSAGES } from "@studyatlas/schemas/my-currency-rules.ts";

import { callApi } from "../auth/account-api.ts";
import { useToast } from "../components/toast/toast-provider.tsx";
import { useHydrated } from "../hooks/use-hydrated.ts";
import { useMyMoney } from "./my-money.ts";
import styles from "./currency-picker.module.css";

/**
 * "header": the code alone (the name as its tooltip) beside Sign in; "menu": the narrow screens'
 * menu, with its label shown; "settings": the names, with a word on how estimates are made.
 */
export function CurrencyPicker({
  variant = "header",
  className,
}: {
  variant?: "header" | "menu" | "settings";
  className?: string | undefined;
}) {
  const money = useMyMoney();
  const revalidator = useRevalidator();
  const toast = useToast();
  const id = useId();
  const [saving, setSaving] = useState(false);
  const hydrated = useHydrated();
  if (!money) return null;
  // The server writes the chosen currency alone (choosing needs the script anyway): the other
  // ~150 options, on every page, are added once the page is hydrated (ADR 061).
  const listed = hydrated
    ? money.currencies
    : money.currencies.filter(([code]) => code === money.code);

  const choose = async (code: string) => {
    setSaving(true);
    const answer = await callApi<{ currency: string }>("/api/currency", {
      method: "PUT",
      json: { currency: code },
    });
    if (answer.ok) {
      await revalidator.revalidate();
      const name = money.currencies.find(([each]) => each === code)?.[1] ?? code;
      if (variant === "settings") toast.show(`${MY_CURRENCY_MESSAGES.saved} ${name}.`);
    } else {
      toast.show(answer.data.message ?? MY_CURRENCY_MESSAGES.failed, { kind: "error" });
    }
    setSaving(false);
  };

  return (
    <div className={`${styles.picker} ${className ?? ""}`} data-variant={variant}>
      <label htmlFor={id} className={variant === "header" ? "visually-hidden" : styles.label}>
        {variant === "settings" ? "Currency for prices" : "Show prices in"}
      </label>
      <select
        id={id}
        className={styles.select}
        value={money.code}
        disabled={saving}
        aria-busy={saving || undefined}
        onChange={(event) => void choose(event.target.value)}
      >
        {listed.map(([code, name]) => (
          <option key={code} value={code} title={name}>
            {variant === "settings" ? `${name} (${code})` : code}
          </option>
        ))}
      </select>
      {variant === "settings" && (
        <p className={styles.hint}>
          Fees stay in the school&apos;s currency, with an estimate in yours
          {money.rateDate ? ` at the exchange rates of ${money.rateDate}` : ""}.
        </p>
      )}
    </div>
  );
}

/** The /settings panel: the same picker, with its heading (kept on the account). */
export function CurrencySettings({
  className,
  titleClassName,
}: {
  className?: string;
  titleClassName?: string;
}) {
  return (
    <section className={className} aria-labelledby="currency-title">
      <h2 id="currency-title" className={titleClassName}>
        Currency
      </h2>
      <CurrencyPicker variant="settings" />
    </section>
  );
}
