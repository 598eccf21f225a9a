// The programme page's note on where its fee and dates come from (ADR 051 "Provenance").
import type { CourseProvenance } from "@studyatlas/schemas/catalogue.ts";

import styles from "./figure-provenance.module.css";
import { describeChange } from "./figure-provenance.ts";

export function FigureProvenanceNote({ provenance }: { provenance: CourseProvenance }) {
  return (
    <dl className={styles.provenance} aria-label="Where these figures come from">
      <div>
        <dt>Fee</dt>
        <dd>{describeChange(provenance.fee)}</dd>
      </div>
      <div>
        <dt>Dates</dt>
        <dd>{describeChange(provenance.dates)}</dd>
      </div>
    </dl>
  );
}
