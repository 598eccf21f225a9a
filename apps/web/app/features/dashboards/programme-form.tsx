// The programme form (docs/decisions/016-organisations-and-dashboards.md "Programme authoring"):
// every field the public programme page shows, the HTML sections in a rich-text editor,
// publish/unpublish, a link to the public page and the programme's own audit history. The same
// zod schema checks the payload here and on the server; the server's answer (field messages) is
// what the form shows.
import { useRef, useState } from "react";
import { Link } from "react-router";

import type {
  AuditPage,
  ProgrammeDetail,
  ProgrammeOptions,
} from "@studyatlas/schemas/programmes.ts";

import formStyles from "../../components/form/form.module.css";
import { AuditLogList } from "./audit-log.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import styles from "./dashboard.module.css";
import {
  BasicsSection,
  DescriptionSection,
  DisciplinesSection,
  LinksSection,
  ScheduleSection,
  TuitionSection,
} from "./programme-form-sections.tsx";
import { RequirementsSection } from "./programme-requirements-section.tsx";
import programmeStyles from "./programmes.module.css";
import {
  useProgrammeDuplicate,
  useProgrammeFields,
  useProgrammeSubmit,
} from "./use-programme-form.ts";

export function ProgrammeForm({
  options,
  programme,
  history,
}: {
  options: ProgrammeOptions;
  programme: ProgrammeDetail | null;
  history: AuditPage | null;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const fields = useProgrammeFields(options, programme);
  const submit = useProgrammeSubmit(programme, fields, formRef);
  return (
    <>
      <ProgrammeHeading programme={programme} />
      <form
        ref={formRef}
        onSubmit={(event) => void submit.save(event)}
        noValidate
        aria-label="Programme"
      >
        <BasicsSection options={options} fields={fields} />
        <ScheduleSection fields={fields} />
        <TuitionSection options={options} fields={fields} />
        <DisciplinesSection options={options} fields={fields} />
        <RequirementsSection fields={fields} />
        <DescriptionSection fields={fields} />
        <LinksSection fields={fields} />
        <FormActions programme={programme} submit={submit} />
      </form>

      {programme && history && (
        <section className={styles.card} aria-labelledby="programme-history">
          <h2 id="programme-history">History</h2>
          <AuditLogList log={history} query="" empty="No changes recorded yet." />
        </section>
      )}
    </>
  );
}

/** The way back, the title with its status, and the public page's link. */
function ProgrammeHeading({ programme }: { programme: ProgrammeDetail | null }) {
  const publicHref = programme ? `/course/${programme.slug}` : undefined;
  return (
    <>
      <p>
        <Link to="/dashboard/partner/programmes">← All programmes</Link>
      </p>
      <div className={styles.heading}>
        <h1 tabIndex={-1}>{programme ? programme.values.name : "New programme"}</h1>
        {programme && (
          <span className={styles.badge} data-status={programme.published ? "approved" : "pending"}>
            {programme.published ? "Published" : "Unpublished"}
          </span>
        )}
      </div>
      {programme && (
        <div className={programmeStyles.headingActions}>
          <Link to={`/dashboard/partner/programmes/${programme.id}/preview`}>
            Preview the programme's page
          </Link>
          {programme.published && programme.school.published && publicHref && (
            <a href={publicHref} target="_blank" rel="noopener">
              View the public page (opens in a new tab)
            </a>
          )}
          {!programme.school.published && (
            <span className={styles.muted}>
              The school's page is not published, so visitors do not see its programmes.
            </span>
          )}
        </div>
      )}
    </>
  );
}

/** Save (or create, with "publish now"), publish or unpublish, and what the last action did. */
function FormActions({
  programme,
  submit,
}: {
  programme: ProgrammeDetail | null;
  submit: ReturnType<typeof useProgrammeSubmit>;
}) {
  const [confirming, setConfirming] = useState(false);
  const copy = useProgrammeDuplicate(programme);
  const failure = submit.failure ?? copy.failure;
  return (
    <div className={programmeStyles.formActions}>
      {!programme && (
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={submit.publishNow}
            onChange={(event) => submit.setPublishNow(event.target.checked)}
          />{" "}
          Publish as soon as it is saved
        </label>
      )}
      <button type="submit" className={formStyles.primary} disabled={submit.pending}>
        {submit.pending ? "Saving..." : programme ? "Save changes" : "Create programme"}
      </button>
      {programme && (
        <button
          type="button"
          className={formStyles.secondary}
          disabled={submit.pending}
          onClick={() => (programme.published ? setConfirming(true) : void submit.publish(true))}
        >
          {programme.published ? "Unpublish" : "Publish"}
        </button>
      )}
      {programme && (
        <button
          type="button"
          className={formStyles.secondary}
          disabled={submit.pending || copy.pending}
          onClick={() => void copy.duplicate()}
        >
          {copy.pending ? "Duplicating..." : "Duplicate"}
        </button>
      )}
      {programme && (
        <ConfirmDialog
          open={confirming}
          title="Unpublish this programme?"
          text="Visitors will no longer see its page, and it leaves the search. Its leads and history stay; you can publish it again at any time."
          confirm="Unpublish"
          cancel="Keep it published"
          onConfirm={() => {
            setConfirming(false);
            void submit.publish(false);
          }}
          onClose={() => setConfirming(false)}
        />
      )}
      <span role="status" className={submit.message ? formStyles.formSuccess : undefined}>
        {submit.message}
      </span>
      <span role="alert" className={failure ? formStyles.formError : undefined}>
        {failure}
      </span>
    </div>
  );
}
