// The programme-type card strip (docs/spec/discovery.md §2 Home page item 3): five cards, one per
// programme type, scrolling 572 px per arrow press (§9 "Programme-card strip: 572 px").

import { Carousel } from "../../components/carousels/carousel.tsx";
import { PROGRAMME_STRIP_STEP_PX } from "../../components/carousels/carousel-logic.ts";
import { ChevronRightIcon } from "../../components/icons/icons.tsx";
import { PROGRAMME_TYPE_CARDS, type ProgrammeTypeCard } from "../../utils/home-content.ts";
import styles from "./programme-type-strip.module.css";
import { SiteLink } from "../../components/site-link/site-link.tsx";

function ProgrammeCard({ card }: { card: ProgrammeTypeCard }) {
  return (
    <SiteLink to={card.to} className={styles.card} data-tone={card.tone}>
      <span className={styles.cardTitle}>{card.title}</span>
      <span className={styles.cardText}>{card.description}</span>
      <span className={styles.cardAction} aria-hidden="true">
        Explore programmes <ChevronRightIcon className={styles.cardActionIcon} />
      </span>
    </SiteLink>
  );
}

export function ProgrammeTypeStrip({ headingId }: { headingId: string }) {
  return (
    <>
      <h2 id={headingId} className="visually-hidden">
        Programme types
      </h2>
      <Carousel
        label="Programme types"
        items={PROGRAMME_TYPE_CARDS}
        getKey={(card) => card.to}
        renderItem={(card) => <ProgrammeCard card={card} />}
        step={PROGRAMME_STRIP_STEP_PX}
        itemClassName={styles.item}
      />
    </>
  );
}
