// The school profile form on the partner dashboard
// (docs/decisions/037-school-profile-and-uploaded-images.md): about, video and city save together;
// each image uploads on its own (school-image-upload.tsx).
import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { Link, useRevalidator } from "react-router";

import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";
import {
  SCHOOL_ABOUT_MAX,
  SchoolProfileBodySchema,
  type SchoolProfile,
} from "@studyatlas/schemas/school-profile.ts";

import { callApi } from "../../auth/account-api.ts";
import { FormField } from "../../components/form/form-field.tsx";
import formStyles from "../../components/form/form.module.css";
import dashboardStyles from "./dashboard.module.css";
import { ImageUpload } from "./school-image-upload.tsx";
import styles from "./school-profile.module.css";

export function PartnerSchoolList({ schools }: { schools: SchoolProfile[] }) {
  return (
    <>
      <h1>School profile</h1>
      {schools.length === 0 ? (
        <p className={dashboardStyles.notice}>
          No school is linked to your organisation yet. A StudyAtlas sales agent links the schools
          you may manage; once one is, its profile is edited here.
        </p>
      ) : (
        <section className={dashboardStyles.card} aria-labelledby="school-list-title">
          <h2 id="school-list-title">Your schools</h2>
          <ul className={styles.schoolList}>
            {schools.map((school) => (
              <li key={school.id}>
                {school.logo && <img src={school.logo} alt="" width={40} height={40} />}
                <Link to={`/dashboard/partner/schools/${school.id}`}>{school.name}</Link>
                <span className={dashboardStyles.muted}>
                  {[school.city, school.country].filter(Boolean).join(", ")}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export function SchoolProfileEditor({
  school,
  maxBytes,
}: {
  school: SchoolProfile;
  maxBytes: number;
}) {
  return (
    <>
      <div className={dashboardStyles.heading}>
        <h1>{school.name}</h1>
        <Link to={`/school/${school.slug}`} className={styles.publicLink}>
          View the public school page
        </Link>
      </div>
      <ProfileTextForm school={school} />
      <div className={styles.images}>
        <ImageUpload school={school} kind="logo" maxBytes={maxBytes} />
        <ImageUpload school={school} kind="banner" maxBytes={maxBytes} />
      </div>
    </>
  );
}

/** About, video and city: checked with the API's schema first, then saved together. */
function useProfileTextForm(school: SchoolProfile) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState({
    about: school.about,
    video: school.video,
    city: school.city,
  });
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [message, setMessage] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);

  const set =
    (field: keyof typeof values) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    setFailure(undefined);
    const local = fieldErrorsOf(SchoolProfileBodySchema, values);
    if (Object.keys(local).length > 0) {
      setErrors(
        Object.fromEntries(Object.entries(local).map(([field, text]) => [field, [text ?? ""]])),
      );
      return;
    }
    setPending(true);
    const answer = await callApi<SchoolProfile>(`/api/dashboard/partner/schools/${school.id}`, {
      method: "PUT",
      json: values,
    });
    setPending(false);
    if (!answer.ok) {
      setErrors(answer.data.errors ?? {});
      if (!answer.data.errors) {
        setFailure(answer.data.detail ?? "The profile could not be saved. Please try again.");
      }
      return;
    }
    setErrors({});
    setValues({ about: answer.data.about, video: answer.data.video, city: answer.data.city });
    setMessage("Saved. The public school page shows the change now.");
    await revalidator.revalidate();
  };
  return { values, set, errors, message, failure, pending, save };
}

function ProfileTextForm({ school }: { school: SchoolProfile }) {
  const { values, set, errors, message, failure, pending, save } = useProfileTextForm(school);
  return (
    <section className={dashboardStyles.card} aria-labelledby="profile-text-title">
      <h2 id="profile-text-title">About the school</h2>
      <form className={formStyles.form} onSubmit={(event) => void save(event)} noValidate>
        <FormField
          label="City"
          value={values.city}
          onChange={set("city")}
          error={errors.city?.[0]}
          autoComplete="address-level2"
          required
        />
        <AboutField value={values.about} onChange={set("about")} error={errors.about?.[0]} />
        <FormField
          label="Video (YouTube link)"
          type="url"
          value={values.video}
          placeholder="https://www.youtube.com/watch?v=…"
          onChange={set("video")}
          error={errors.video?.[0]}
          hint="Shown on the school page; leave empty for none."
        />
        <div>
          <button type="submit" className={formStyles.primary} disabled={pending}>
            {pending ? "Saving..." : "Save profile"}
          </button>
        </div>
      </form>
      {message && (
        <p className={`${formStyles.formSuccess} ${styles.notice}`} role="status">
          {message}
        </p>
      )}
      {failure && (
        <p className={`${formStyles.formError} ${styles.notice}`} role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}

/** Plain text: an empty line starts a new paragraph on the public page. */
function AboutField({
  value,
  onChange,
  error: aboutError,
}: {
  value: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  error: string | undefined;
}) {
  const aboutId = useId();
  return (
    <div className={formStyles.field}>
      <label htmlFor={aboutId} className={formStyles.label}>
        About
      </label>
      <textarea
        id={aboutId}
        rows={8}
        maxLength={SCHOOL_ABOUT_MAX}
        value={value}
        onChange={onChange}
        className={`${formStyles.input} ${styles.about}`}
        aria-invalid={aboutError ? true : undefined}
        aria-describedby={`${aboutId}-${aboutError ? "error" : "hint"}`}
      />
      {aboutError ? (
        <p id={`${aboutId}-error`} className={formStyles.error}>
          {aboutError}
        </p>
      ) : (
        <p id={`${aboutId}-hint`} className={formStyles.hint}>
          Plain text, up to {SCHOOL_ABOUT_MAX.toLocaleString("en-US")} characters; an empty line
          starts a new paragraph.
        </p>
      )}
    </div>
  );
}
