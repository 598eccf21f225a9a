// 'Browse By Discipline' (docs/spec/discovery.md §2 Home page item 5): the spec's twelve disciplines with
// their icon, name and programme count, each opening the finder for that discipline; 'View all'
// leads to our own /discipline page (the spec's goes to an external site: docs/spec-notes.md).

import { disciplineIconPath } from "@studyatlas/core/media/media-paths.ts";

import { BROWSE_BY_DISCIPLINE_PATH } from "../../utils/programme-links.ts";
import { groupedDigits } from "../../utils/grouped-digits.ts";
import { disciplineFinderUrl } from "../../utils/home-content.ts";
import styles from "./discipline-grid.module.css";
import { SiteLink } from "../site-link/site-link.tsx";

export interface DisciplineTile {
  slug: string;
  /** The finder address; by default the discipline's own (disciplineFinderUrl). */
  to?: string;
  name: string;
  /** Published programmes in the discipline; undefined when the count could not be loaded. */
  count: number | undefined;
}

const COUNT = new Intl.NumberFormat("en-US");

export function DisciplineGrid({
  disciplines,
  headingId,
  title = "Browse By Discipline",
  viewAll = true,
}: {
  disciplines: readonly DisciplineTile[];
  headingId: string;
  /** The heading; /discipline has its own page heading and passes null. */
  title?: string | null;
  viewAll?: boolean;
}) {
  return (
    <>
      {title !== null && (
        <div className={styles.header}>
          <h2 id={headingId} className={styles.title}>
            {title}
          </h2>
          {viewAll && (
            <SiteLink to={BROWSE_BY_DISCIPLINE_PATH} className={styles.viewAll}>
              View all<span className="visually-hidden"> disciplines</span>
            </SiteLink>
          )}
        </div>
      )}
      <ul className={styles.grid}>
        {disciplines.map((discipline) => (
          <li key={discipline.slug}>
            <SiteLink
              to={discipline.to ?? disciplineFinderUrl(discipline.slug)}
              className={styles.tile}
            >
              <img
                className={styles.icon}
                src={disciplineIconPath(discipline.slug)}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                decoding="async"
              />
              <span className={styles.text}>
                <span className={styles.name}>{discipline.name}</span>
                {discipline.count !== undefined && (
                  <span className={styles.count}>
                    {/* One text: no `<!-- -->` separators between its parts in the server's HTML. */}
                    {`${groupedDigits(discipline.count) ?? COUNT.format(discipline.count)} ${
                      discipline.count === 1 ? "programme" : "programmes"
                    }`}
                  </span>
                )}
              </span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </>
  );
}
