// The filter sections of the course finder (docs/spec/discovery.md §2 "Filters"), shared by the left panel
// on large screens and the full-screen overlay on small ones. Every change navigates to the next
// URL (the state lives in the query, §4), so the results and the facet counts stay honest.
import { useId, type ReactNode } from "react";

import { disciplineIconPath } from "@studyatlas/core/media/media-paths.ts";
import { normaliseProgramme } from "@studyatlas/schemas/catalogue-constants.ts";
import {
  ATTENDANCE_OPTIONS,
  DURATION_BUCKETS,
  FORMAT_OPTIONS,
  PROGRAMME_LEVEL_OPTIONS,
} from "@studyatlas/schemas/catalogue-constants.ts";

import { disciplineHrefs, programmeHref, toggleValue } from "./finder-query.ts";
import { variantPathOf } from "./finder-route.ts";
import { FacetCheckbox, FacetCount } from "./facet-checkbox.tsx";
import { useFinder } from "./finder-data.ts";
import styles from "./filter-panel.module.css";
import { SiteLink } from "../../components/site-link/site-link.tsx";

export function FilterSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

function useSelected(key: string): string[] {
  const { location } = useFinder();
  return new URLSearchParams(location.search).getAll(key);
}

export function DisciplineFilter() {
  const { data, location, linkState } = useFinder();
  const programmePath = variantPathOf(data.programme);
  const selected = data.discipline;
  const hrefOf = disciplineHrefs(location.scope, programmePath, location.search);
  return (
    <ul className={styles.disciplineList}>
      {data.facets.discipline.map((discipline) => {
        const isSelected = selected?.slug === discipline.slug;
        const icon = data.disciplineIcons[discipline.slug] ?? disciplineIconPath(discipline.slug);
        const content = (
          <>
            {icon ? (
              // Lazy: hidden in the filter overlay on a phone, and never the first paint's business
              // (React would otherwise preload all 18 ahead of the results, ADR 019).
              <img src={icon} alt="" width={28} height={28} loading="lazy" />
            ) : null}
            <span className={styles.optionLabel}>{discipline.name}</span>
            <FacetCount count={discipline.count} />
          </>
        );
        return (
          <li key={discipline.slug} className={styles.disciplineItem}>
            {isSelected ? (
              <SiteLink
                to={hrefOf(undefined)}
                className={styles.disciplineLink}
                aria-current="true"
                preventScrollReset
                state={linkState}
              >
                {content}
                <span className="visually-hidden"> (selected: choose to show all disciplines)</span>
                <span className={styles.clearMark} aria-hidden="true">
                  ×
                </span>
              </SiteLink>
            ) : discipline.count === 0 ? (
              <span className={styles.disciplineLink} aria-disabled="true" data-disabled>
                {content}
              </span>
            ) : (
              <SiteLink
                to={hrefOf(discipline.slug)}
                className={styles.disciplineLink}
                preventScrollReset
                state={linkState}
              >
                {content}
              </SiteLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function ProgrammeLevelFilter() {
  const { data, location, linkState } = useFinder();
  const counts = new Map(data.facets.programme.map((row) => [row.slug, row.count]));
  const options = [
    { slug: undefined, label: "All levels", target: undefined },
    ...PROGRAMME_LEVEL_OPTIONS.map((option) => ({
      slug: option.slug,
      label: option.label,
      target: { variantPath: variantPathOf(option.slug), query: option.query },
    })),
  ];
  return (
    <ul className={styles.levelList}>
      {options.map((option) => {
        const current = option.slug === data.programme;
        const count = option.slug ? counts.get(option.slug) : undefined;
        const disabled = !current && count === 0;
        return (
          <li key={option.label}>
            {disabled ? (
              <span className={styles.level} aria-disabled="true" data-disabled>
                <span className={styles.radio} aria-hidden="true" />
                <span className={styles.optionLabel}>{option.label}</span>
                <FacetCount count={0} />
              </span>
            ) : (
              <SiteLink
                to={programmeHref(location.scope, location.search, option.target)}
                className={styles.level}
                aria-current={current ? "true" : undefined}
                preventScrollReset
                state={linkState}
              >
                <span className={styles.radio} aria-hidden="true" />
                <span className={styles.optionLabel}>{option.label}</span>
                {count !== undefined ? <FacetCount count={count} /> : null}
              </SiteLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function DurationFilter() {
  const { data, location, go } = useFinder();
  const selected = useSelected("duration");
  const counts = new Map(data.facets.duration.map((row) => [row.key, row.count]));
  return (
    <div className={styles.options}>
      {DURATION_BUCKETS.map((bucket) => (
        <FacetCheckbox
          key={bucket.key}
          label={bucket.label}
          count={counts.get(bucket.key) ?? 0}
          checked={selected.includes(bucket.key)}
          onChange={() =>
            go(`${location.pathname}${toggleValue(location.search, "duration", bucket.key)}`)
          }
        />
      ))}
    </div>
  );
}

export function DegreeTypeFilter() {
  const { data, location, go } = useFinder();
  const selected = useSelected("degree_type");
  const rows = new Map(data.facets.degree_type.map((row) => [row.id, row]));
  // With a programme chosen only its degree types apply; otherwise they are grouped by level.
  const groups = data.degreeTypeGroups.filter(
    (group) => data.programme === undefined || group.programme === data.programme,
  );
  const visibleGroups = groups
    .map((group) => ({
      ...group,
      rows: group.ids.flatMap((id) => {
        const row = rows.get(id);
        return row ? [row] : [];
      }),
    }))
    .filter((group) => group.rows.length > 0);
  if (visibleGroups.length === 0) {
    return <p className={styles.note}>No degree types for this programme level.</p>;
  }
  return (
    <div className={styles.options}>
      {visibleGroups.map((group) => (
        <fieldset key={group.label} className={styles.group}>
          <legend className={groups.length > 1 ? styles.groupLegend : "visually-hidden"}>
            {group.label}
          </legend>
          {group.rows.map((row) => (
            <FacetCheckbox
              key={row.id}
              label={row.name}
              count={row.count}
              checked={selected.includes(String(row.id))}
              onChange={() =>
                go(
                  `${location.pathname}${toggleValue(location.search, "degree_type", String(row.id))}`,
                )
              }
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

/** A checkbox list over one enumerated facet (attendance or study format). */
function ValueFacetFilter({
  facet,
  options,
}: {
  facet: "attendance" | "course_format";
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const { data, location, go } = useFinder();
  const selected = useSelected(facet).map((value) => value.toUpperCase());
  const counts = new Map(data.facets[facet].map((row) => [row.value, row.count]));
  return (
    <div className={styles.options}>
      {options.map((option) => (
        <FacetCheckbox
          key={option.value}
          label={option.label}
          count={counts.get(option.value) ?? 0}
          checked={selected.includes(option.value)}
          onChange={() =>
            go(`${location.pathname}${toggleValue(location.search, facet, option.value)}`)
          }
        />
      ))}
    </div>
  );
}

export function AttendanceFilter() {
  return <ValueFacetFilter facet="attendance" options={ATTENDANCE_OPTIONS} />;
}

export function FormatFilter() {
  return <ValueFacetFilter facet="course_format" options={FORMAT_OPTIONS} />;
}

/** The programme level label of the query's programme, for chips ('Graduates'). */
export function programmeLevelLabel(value: string): string | undefined {
  const slug = normaliseProgramme(value);
  return PROGRAMME_LEVEL_OPTIONS.find((option) => option.slug === slug)?.label;
}
