// Browse by discipline (docs/spec/accounts-and-details.md §2 "Discipline pages"): the grid of the spec's
// disciplines, each opening the course finder for it. The last tile, 'Art', opens the Art
// discipline rather than the spec's environmental-science slug (docs/spec-notes.md).
import { DisciplineGrid } from "../../components/discipline-grid/discipline-grid.tsx";
import { loadDisciplineTiles } from "../../components/discipline-grid/discipline-tiles.server.ts";
import { ALL_DISCIPLINES } from "../../utils/home-content.ts";
import { PageHero } from "../../features/site-pages/page-hero.tsx";
import styles from "../../features/site-pages/site-pages.module.css";
import { getLogger, getServices } from "../../context.ts";
import type { Route } from "./+types/discipline";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Browse by discipline — StudyAtlas" },
    {
      name: "description",
      content:
        "Find online programmes by discipline: business, health sciences, engineering, computer science, law, art and more.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return {
    disciplines: await loadDisciplineTiles(
      getServices(context).catalogue,
      ALL_DISCIPLINES,
      getLogger(context),
    ),
  };
}

export default function Disciplines({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        title="Browse by disciplines"
        lead="Pick a subject to see every online programme in it, from short courses to master's degrees."
      />
      <section className={styles.section} aria-label="Disciplines">
        <div className={styles.wide}>
          <DisciplineGrid
            disciplines={loaderData.disciplines}
            headingId="disciplines"
            title={null}
          />
        </div>
      </section>
    </>
  );
}
