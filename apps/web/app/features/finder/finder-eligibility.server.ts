// "Only programmes I qualify for" on the finder (docs/decisions/054-entry-requirements-and-
// eligibility.md): `?qualified=true` keeps the programmes whose stated entry requirements the
// signed-in student's recorded qualifications meet. A signed-out visitor's page depends on the
// address alone (shared caches keep it): the box stays ticked with a hint and filters nothing.
import type { Database } from "@studyatlas/db/client.ts";
import {
  readQualifications,
  recordsAnything,
} from "@studyatlas/core/eligibility/stored-requirements.ts";
import type { Qualifications } from "@studyatlas/schemas/entry-requirements.ts";

import type { QualifiedFilterState } from "./finder-data.ts";

export interface QualifiedFilter {
  state: QualifiedFilterState;
  qualifications?: Qualifications;
}

export async function qualifiedFilterOf(
  db: Database,
  userId: number | undefined,
  params: URLSearchParams,
): Promise<QualifiedFilter> {
  if (params.get("qualified") !== "true") return { state: "off" };
  if (userId === undefined) return { state: "sign-in" };
  const qualifications = await readQualifications(db, userId);
  if (!qualifications || !recordsAnything(qualifications)) return { state: "no-qualifications" };
  return { state: "on", qualifications };
}
