// Explore (docs/spec/accounts-and-details.md §2 route table): 'Explore Online Courses and Programs' with
// Browse By Programme (the five programme types) and Browse By Disciplines (the tiles of the home
// page, with their programme counts).
import { Link } from "react-router";

import { DisciplineGrid } from "../../components/discipline-grid/discipline-grid.tsx";
import { loadDisciplineTiles } from "../../components/discipline-grid/discipline-tiles.server.ts";
import { HOME_DISCIPLINES, PROGRAMME_TYPE_CARDS } from "../../utils/home-content.ts";
import { PageHero } from "../../features/site-pages/page-hero.tsx";
import styles from "../../features/site-pages/site-pages.module.css";
import { getLogger, getServices } from "../../context.ts";
import type { Route } from "./+types/explore";
import exploreStyles from "./explore.module.css";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Explore online courses and programmes — StudyAtlas" },
    {
      name: "description",
      content:
        "Browse online programmes by type (undergraduate, graduate, executive education, short and certificate courses) or by discipline.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return {
    disciplines: await loadDisciplineTiles(
      getServices(context).catalogue,
      HOME_DISCIPLINES,
      getLogger(context),
    ),
  };
}

export default function Explore({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        title="Explore Online Courses and Programs"
        lead="Start from the kind of programme you want, or from the subject you love."
      />
      <section className={styles.section} aria-labelledby="explore-programmes">
        <div className={styles.wide}>
          <h2 id="explore-programmes" className={styles.sectionTitle}>
            Browse By Programme
          </h2>
          <ul className={exploreStyles.programmes}>
            {PROGRAMME_TYPE_CARDS.map((card) => (
              <li key={card.to}>
                <Link to={card.to} className={exploreStyles.programme} data-tone={card.tone}>
                  <span className={exploreStyles.programmeTitle}>{card.title}</span>
                  <span className={exploreStyles.programmeText}>{card.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className={styles.sectionMuted} aria-labelledby="explore-disciplines">
        <div className={styles.wide}>
          <DisciplineGrid
            disciplines={loaderData.disciplines}
            headingId="explore-disciplines"
            title="Browse By Disciplines"
          />
        </div>
      </section>
    </>
  );
}
