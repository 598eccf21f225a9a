// /compare?ids=… (docs/decisions/052-my-currency-and-compare.md): up to four programmes side by
// side, server-rendered from the address alone, so the link can be shared; `noindex`, as every
// combination would otherwise be a page of its own for search engines. `only=differences` keeps
// the rows where the programmes differ (the checkbox sets it without reloading the programmes).
import { useState } from "react";
import { Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";

import { loadComparePage } from "@studyatlas/core/compare/compare-tray.ts";
import {
  COMPARE_LIMIT,
  compareIdsFromQuery,
  comparePath,
} from "@studyatlas/schemas/my-currency-rules.ts";

import { useCompare } from "../../compare/compare-context.tsx";
import { getServices } from "../../context.ts";
import { useMyMoney } from "../../currency/my-money.ts";
import { ApplyAction } from "../../features/applications/apply-action.tsx";
import { compareRows } from "../../features/compare/compare-rows.ts";
import { CompareTable } from "../../features/compare/compare-table.tsx";
import { ShareLink } from "../../features/compare/share-link.tsx";
import styles from "../../features/compare/compare-page.module.css";
import type { Route } from "./+types/compare";

const ONLY_PARAM = "only";
const ONLY_DIFFERENCES = "differences";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, catalogue, finderIndex } = getServices(context);
  const asked = new URL(request.url).searchParams.get("ids");
  const ids = compareIdsFromQuery(asked);
  const page = await loadComparePage({ db, catalogue, finder: finderIndex }, ids);
  const given = (asked ?? "").split(",").filter((part) => part.trim() !== "").length;
  return { ...page, ids, tooMany: given > COMPARE_LIMIT };
}

/** Ticking "only differences" changes the address, not the programmes: no new data. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname) {
    const idsOf = (url: URL) => url.searchParams.get("ids") ?? "";
    if (idsOf(currentUrl) === idsOf(nextUrl) && currentUrl.href !== nextUrl.href) return false;
  }
  return defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const count = loaderData?.programmes.length ?? 0;
  return [
    { title: count > 0 ? `Compare ${count} programmes — StudyAtlas` : "Compare — StudyAtlas" },
    {
      name: "description",
      content: "Programmes side by side: total cost in your currency, duration, dates and more.",
    },
    { name: "robots", content: "noindex" },
  ];
}

function EmptyCompare() {
  const { tray } = useCompare();
  return (
    <div className={styles.empty}>
      <p>Nothing to compare yet. Tick “Compare” on up to four programmes, then open this page.</p>
      {tray.length > 0 ? (
        <Link to={comparePath(tray.map((entry) => entry.id))}>
          Compare the {tray.length} in your tray
        </Link>
      ) : (
        <Link to="/coursefinder">Find programmes</Link>
      )}
    </div>
  );
}

/**
 * "Only differences" as the address says, and at once as the box is ticked: the address changes
 * in a navigation, which React Router renders as a transition, so a box that showed the address
 * alone would stay as it was for a moment after the click (and a quick second click would undo
 * nothing). When the address changes otherwise (back, forward), the address wins.
 */
function useOnlyDifferences(inAddress: boolean): { value: boolean; set: (value: boolean) => void } {
  const [chosen, setChosen] = useState(inAddress);
  const [seen, setSeen] = useState(inAddress);
  if (seen !== inAddress) {
    setSeen(inAddress);
    setChosen(inAddress);
  }
  return { value: chosen, set: setChosen };
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { programmes, missing, tooMany } = loaderData;
  const money = useMyMoney();
  const [searchParams, setSearchParams] = useSearchParams();
  const onlyDifferences = useOnlyDifferences(searchParams.get(ONLY_PARAM) === ONLY_DIFFERENCES);
  const rows = compareRows(programmes, money?.code ?? "USD", money?.rates ?? {});
  const same = rows.filter((row) => !row.differs).length;

  const setOnly = (checked: boolean) => {
    onlyDifferences.set(checked);
    const next = new URLSearchParams(searchParams);
    if (checked) next.set(ONLY_PARAM, ONLY_DIFFERENCES);
    else next.delete(ONLY_PARAM);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Compare programmes</h1>
      <p className={styles.lead}>
        Fees in each school&apos;s currency, with estimates in {money?.name ?? "your currency"}
        {money?.rateDate ? ` at the exchange rates of ${money.rateDate}` : ""}.
      </p>
      {tooMany && (
        <p className={styles.note} role="note">
          Only the first {COMPARE_LIMIT} programmes of this link are shown: up to {COMPARE_LIMIT}{" "}
          can be compared.
        </p>
      )}
      {missing > 0 && (
        <p className={styles.note} role="note">
          {missing === 1
            ? "One programme in this link is no longer listed."
            : `${missing} programmes in this link are no longer listed.`}
        </p>
      )}
      {programmes.length === 0 ? (
        <EmptyCompare />
      ) : (
        <>
          <div className={styles.toolbar}>
            <label className={styles.only}>
              <input
                type="checkbox"
                checked={onlyDifferences.value}
                disabled={programmes.length < 2}
                onChange={(event) => setOnly(event.target.checked)}
              />
              Show only differences
            </label>
            <ShareLink />
          </div>
          {onlyDifferences.value && same > 0 && (
            <p className={styles.note} aria-live="polite">
              {same === 1 ? "1 row is" : `${same} rows are`} the same for every programme and
              hidden.
            </p>
          )}
          <CompareTable
            programmes={programmes}
            rows={rows}
            onlyDifferences={onlyDifferences.value}
            actionOf={(programme, className) => (
              <ApplyAction
                course={programme}
                buttonClassName={className}
                label="Apply"
                ariaLabel={`Apply to ${programme.name}`}
              />
            )}
          />
        </>
      )}
    </div>
  );
}
