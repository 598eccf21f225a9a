// /applications (docs/decisions/057-student-loop.md): each application with its programme, the day
// it was sent, the status the school keeps in the student's words and a link to its chat; below,
// the saved applicant profile that prefills the next application, editable.
import { Link } from "react-router";

import type { ApplicantProfile, MyApplication } from "@studyatlas/schemas/my-applications.ts";

import formStyles from "../../components/form/form.module.css";
import { appliedOn } from "./apply-action.tsx";
import { PersonFields, PlaceFields } from "./application-fields.tsx";
import type { Country } from "./use-application-form.ts";
import { useProfileForm } from "./use-profile-form.ts";
import styles from "./my-applications.module.css";

export function MyApplicationsList({ applications }: { applications: MyApplication[] }) {
  return (
    <section className={styles.panel} aria-labelledby="my-applications-title">
      <h2 id="my-applications-title" className={styles.panelTitle}>
        Your applications
      </h2>
      {applications.length === 0 ? (
        <p className={styles.lead}>
          You have not applied to a programme yet. <Link to="/coursefinder">Find a programme</Link>
        </p>
      ) : (
        <ul className={styles.list}>
          {applications.map((application) => (
            <li key={application.id} className={styles.item}>
              <div>
                <p className={styles.programme}>
                  <Link to={`/course/${application.programme.slug}`}>
                    {application.programme.name}
                  </Link>
                </p>
                <p className={styles.meta}>
                  {application.school.name} · Applied on {appliedOn(application.created_at)}
                </p>
                <span className={styles.status} data-status={application.status}>
                  {application.status_label}
                </span>
              </div>
              {application.chat_id !== null && (
                <Link
                  to={`/chat/${application.chat_id}`}
                  className={styles.chatLink}
                  aria-label={`Open the chat about ${application.programme.name}`}
                >
                  Open the chat
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ApplicantProfileForm({
  profile,
  countries,
}: {
  profile: ApplicantProfile | null;
  countries: Country[];
}) {
  const form = useProfileForm(profile);
  return (
    <section className={styles.panel} aria-labelledby="applicant-profile-title">
      <h2 id="applicant-profile-title" className={styles.panelTitle}>
        Your applicant profile
      </h2>
      <p className={styles.lead}>
        Your next application starts with these details. Your name and e-mail are your
        account&apos;s.
      </p>
      <form noValidate onSubmit={(event) => void form.submit(event)}>
        <fieldset className={styles.grid} disabled={form.pending}>
          <legend className="visually-hidden">Applicant profile</legend>
          <PersonFields bind={form.bind} errorOf={form.errorOf} emailLocked withNames={false} />
          <PlaceFields bind={form.bind} errorOf={form.errorOf} countries={countries} />
        </fieldset>
        {form.status && (
          <p
            className={form.status.kind === "saved" ? formStyles.formSuccess : formStyles.formError}
            role={form.status.kind === "saved" ? "status" : "alert"}
          >
            {form.status.text}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={formStyles.primary} disabled={form.pending}>
            {form.pending ? "Saving..." : "Save profile"}
          </button>
        </div>
      </form>
    </section>
  );
}
