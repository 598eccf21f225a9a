// Duplicating a programme on the partner dashboard (docs/decisions/056-organisation-membership.md
// "Catalogue import"): a copy of every field, unpublished, named "… (copy)", with its own slug and
// no programme code (a code names one programme of the school).
import type { Database } from "@studyatlas/db/client.ts";
import { ProgrammeCreateSchema, type ProgrammeDetail } from "@studyatlas/schemas/programmes.ts";

import { ValidationError } from "../errors.ts";
import type { AuditActor } from "./audit-log.ts";
import type { PartnerScope } from "./organisations.ts";
import { getProgramme } from "./programme-reads.ts";
import { createProgramme } from "./programmes.ts";

const COPY_SUFFIX = " (copy)";
const MAX_NAME = 200;

/** The copy's name: the original's, cut so that " (copy)" fits the name's 200 characters. */
export function copyName(name: string): string {
  return `${name.slice(0, MAX_NAME - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

export async function duplicateProgramme(
  db: Database,
  scope: PartnerScope,
  id: number,
  actor: AuditActor,
): Promise<ProgrammeDetail> {
  const original = await getProgramme(db, scope, id);
  const input = ProgrammeCreateSchema.safeParse({
    ...original.values,
    name: copyName(original.values.name),
    published: false,
  });
  // A programme saved before today's rules may miss a field the form now asks for.
  if (!input.success) {
    throw new ValidationError(
      `This programme cannot be copied as it is: ${input.error.issues[0]?.message ?? "a field is invalid."} Save it once in the form, then copy it.`,
      { code: "invalid_programme" },
    );
  }
  return createProgramme(db, scope, input.data, actor);
}
