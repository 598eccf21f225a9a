// The fee and the total cost as terms of a programme's facts list (docs/decisions/052-my-currency-and-compare.md):
// used by the course card, the programme page's key facts and the wishlist. The estimate in the
// student's currency is marked as one: "about", and for screen readers and the tooltip the rates'
// day it was converted at; pages that show the figures at length say that day visibly (RatesNote).
import { useMyMoney } from "./my-money.ts";
import { feeLinesOf, type FeeFields } from "./fee-in-my-currency.ts";
import styles from "./fee-facts.module.css";

function Estimate({ text, note, block }: { text: string; note: string; block?: boolean }) {
  return (
    <span className={styles.estimate} data-block={block || undefined} title={note}>
      {text}
      {/* One text each: no `<!-- -->` between its parts in the server's HTML (two per card). */}
      <span className="visually-hidden">{` (${note})`}</span>
    </span>
  );
}

/**
 * `<div><dt/><dd/></div>` pairs for a `<dl>`: Tuition, and Total cost unless the programme is free.
 * `tuitionClassName` marks the tuition pair (the card spans it across both columns).
 */
export function FeeFacts({
  course,
  tuitionClassName,
  tuitionLabel = "Tuition",
}: {
  course: FeeFields;
  tuitionClassName?: string | undefined;
  tuitionLabel?: string;
}) {
  const money = useMyMoney();
  const lines = feeLinesOf(course, money?.code ?? "", money?.rates ?? {});
  const note = `estimate in ${money?.name ?? ""}${money?.rateDate ? ` at the rates of ${money.rateDate}` : ""}`;
  return (
    <>
      <div className={tuitionClassName}>
        <dt>{tuitionLabel}</dt>
        <dd>
          {lines.own}
          {/* On a line of its own: the two amounts never break mid-way on a narrow card. */}
          {lines.mine && <Estimate text={lines.mine} note={note} block />}
        </dd>
      </div>
      {(lines.total || lines.totalUnknown) && (
        <div className={tuitionClassName}>
          <dt>Total cost</dt>
          <dd>
            {lines.total ? (
              <>
                {lines.total.mine ? (
                  <Estimate text={lines.total.mine} note={note} />
                ) : (
                  lines.total.own
                )}
                <span className={styles.how}>{lines.total.detail}</span>
              </>
            ) : (
              "Not known"
            )}
          </dd>
        </div>
      )}
    </>
  );
}

/** The fee in a line of text (the wishlist): own, the estimate, and the total in my currency. */
export function FeeInline({ course, ownText }: { course: FeeFields; ownText?: string }) {
  const money = useMyMoney();
  const lines = feeLinesOf(course, money?.code ?? "", money?.rates ?? {});
  const note = `estimate in ${money?.name ?? ""}${money?.rateDate ? ` at the rates of ${money.rateDate}` : ""}`;
  const total = lines.total?.mine ?? lines.total?.own;
  return (
    <>
      <span>{ownText ?? lines.own}</span>
      {lines.mine && (
        <>
          <span aria-hidden="true"> · </span>
          <Estimate text={lines.mine} note={note} />
        </>
      )}
      {total && (
        <>
          <span aria-hidden="true"> · </span>
          <span title={lines.total?.detail}>{total} in total</span>
        </>
      )}
    </>
  );
}

/**
 * "Estimates in Nigerian Naira at the rates of 27 Nov 2026" (ADR 051): said visibly where converted
 * figures are read at length — the programme page (only when it shows an estimate of `course`)
 * and the budget filter (`lead` says what was converted); cards keep it in the tooltip.
 */
export function RatesNote({
  className,
  course,
  lead,
}: {
  className?: string | undefined;
  course?: FeeFields;
  lead?: string;
}) {
  const money = useMyMoney();
  if (!money?.rateDate) return null;
  if (course) {
    const lines = feeLinesOf(course, money.code, money.rates);
    if (!lines.mine && !lines.total?.mine) return null;
  }
  return (
    <p className={`${styles.rates} ${className ?? ""}`}>
      {`${lead ?? `Estimates in ${money.name}`} at the rates of ${money.rateDate}`}
    </p>
  );
}
