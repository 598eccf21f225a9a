// About (docs/spec/accounts-and-details.md §1, §2 "About page"): the mission hero, an introduction and the
// three points under 'What makes us different'.
import { Link } from "react-router";

import { PageHero } from "../../features/site-pages/page-hero.tsx";
import styles from "../../features/site-pages/site-pages.module.css";
import { CompassIcon, BadgeCheckIcon, SearchIcon } from "../../components/icons/icons.tsx";

export function meta() {
  return [
    { title: "About us — StudyAtlas" },
    {
      name: "description",
      content:
        "StudyAtlas is on a mission to make global education universally accessible: online degrees, executive education and short courses from schools worldwide.",
    },
  ];
}

const POINTS = [
  {
    title: "Perfect matchmaking",
    text: "We connect schools with motivated students whose goals fit their programmes, so both sides spend their time on the right conversations.",
    Icon: SearchIcon,
  },
  {
    title: "Tailored solutions",
    text: "Every school is different. We shape campaigns around each programme's audience, intake dates and admission requirements.",
    Icon: BadgeCheckIcon,
  },
  {
    title: "International Reach",
    text: "Prospective students from more than a hundred countries search StudyAtlas, giving our partner schools a truly global audience.",
    Icon: CompassIcon,
  },
];

export default function About() {
  return (
    <>
      <PageHero
        eyebrow="About StudyAtlas"
        title="On a mission to make global education universally accessible"
        lead="Wherever you live and whatever your schedule, a great education should be within reach."
      />
      <section className={styles.section} aria-labelledby="about-intro">
        <div className={`${styles.container} ${styles.prose}`}>
          <h2 id="about-intro" className={styles.sectionTitle}>
            Who we are
          </h2>
          <p>
            StudyAtlas partners with universities and business schools around the world to bring
            their online bachelor&apos;s and master&apos;s degrees, executive education and short
            courses to the people who want them. You can compare programmes by discipline, country,
            tuition, duration and format in one place, save the ones you like to your wishlist, and
            apply when you are ready.
          </p>
          <p>
            For schools, we recruit students: we find motivated applicants, run campaigns tailored
            to each programme and open doors to markets a single admissions office could not reach
            alone.
          </p>
        </div>
      </section>
      <section className={styles.sectionMuted} aria-labelledby="about-different">
        <div className={styles.wide}>
          <h2 id="about-different" className={styles.sectionTitle}>
            What makes us different
          </h2>
          <ul className={styles.cards}>
            {POINTS.map(({ title, text, Icon }) => (
              <li key={title}>
                <article className={styles.card}>
                  <span className={styles.cardIcon} aria-hidden="true">
                    <Icon width={24} height={24} />
                  </span>
                  <h3 className={styles.cardTitle}>{title}</h3>
                  <p className={styles.cardText}>{text}</p>
                </article>
              </li>
            ))}
          </ul>
          <Link to="/explore" className={styles.cta}>
            Explore programmes
          </Link>
        </div>
      </section>
    </>
  );
}
