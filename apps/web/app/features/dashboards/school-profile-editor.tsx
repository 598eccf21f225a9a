// The school profile form on the partner dashboard (issue 13: "School profile: about, video,
// city, logo and banner upload (type and size checked, resized server-side)"): the text fields
// save together; each image uploads on its own with a preview of the chosen file before it is
// sent and the server's result after. The server decides what an image is (its bytes) and its
// size; the browser only spares a pointless upload of a file that is too large.
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Link, useRevalidator } from "react-router";

import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";
import {
  SCHOOL_ABOUT_MAX,
  SCHOOL_IMAGE_ACCEPT,
  SCHOOL_IMAGE_MESSAGES,
  SCHOOL_IMAGE_SPECS,
  SchoolProfileBodySchema,
  sizeText,
  type SchoolImageKind,
  type SchoolProfile,
} from "@studyatlas/schemas/school-profile.ts";

import { callApi } from "../../auth/account-api.ts";
import { FormField } from "../../components/form/form-field.tsx";
import formStyles from "../../components/form/form.module.css";
import dashboardStyles from "./dashboard.module.css";
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

function ProfileTextForm({ school }: { school: SchoolProfile }) {
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
  const aboutId = useId();

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

  const aboutError = errors.about?.[0];
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
        <div className={formStyles.field}>
          <label htmlFor={aboutId} className={formStyles.label}>
            About
          </label>
          <textarea
            id={aboutId}
            rows={8}
            maxLength={SCHOOL_ABOUT_MAX}
            value={values.about}
            onChange={set("about")}
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

const IMAGE_TEXT: Record<SchoolImageKind, { title: string; shown: string }> = {
  logo: {
    title: "Logo",
    shown: "Shown square on the school page and on programme cards.",
  },
  banner: {
    title: "Banner",
    shown: "Shown across the top of the school page and on programme cards.",
  },
};

function ImageUpload({
  school,
  kind,
  maxBytes,
}: {
  school: SchoolProfile;
  kind: SchoolImageKind;
  maxBytes: number;
}) {
  const revalidator = useRevalidator();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [pending, setPending] = useState(false);
  const spec = SCHOOL_IMAGE_SPECS[kind];
  const current = school[kind];
  const text = IMAGE_TEXT[kind];

  // The chosen file's preview, read as a data: URL (the CSP allows data: images, not blob:).
  useEffect(() => {
    if (!file) return undefined;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === "string") setPreview(reader.result);
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setMessage(undefined);
    setError(undefined);
    setPreview(undefined);
    setFile(undefined);
    if (!chosen) return;
    if (chosen.size > maxBytes) {
      setError(SCHOOL_IMAGE_MESSAGES.tooLarge(maxBytes));
      return;
    }
    setFile(chosen);
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(SCHOOL_IMAGE_MESSAGES.missing);
      input.current?.focus();
      return;
    }
    setPending(true);
    setError(undefined);
    const form = new FormData();
    form.append("file", file);
    const answer = await callApi<{ url: string }>(
      `/api/dashboard/partner/schools/${school.id}/images/${kind}`,
      { form },
    );
    setPending(false);
    if (!answer.ok) {
      setError(
        answer.data.errors?.file?.[0] ??
          answer.data.detail ??
          (answer.status === 0
            ? "The upload did not reach us. Check your connection and try again."
            : "The image could not be uploaded. Please try again."),
      );
      input.current?.focus();
      return;
    }
    setFile(undefined);
    setPreview(undefined);
    if (input.current) input.current.value = "";
    setMessage(`${text.title} uploaded. The public school page shows it now.`);
    await revalidator.revalidate();
  };

  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <section className={dashboardStyles.card} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{text.title}</h2>
      <div className={styles.previews} data-kind={kind}>
        <figure className={styles.figure}>
          {current ? (
            <img
              src={current}
              alt={`Current ${kind} of ${school.name}`}
              className={styles.preview}
              data-kind={kind}
              data-testid={`current-${kind}`}
            />
          ) : (
            <span className={styles.empty}>None yet</span>
          )}
          <figcaption>Now</figcaption>
        </figure>
        {preview && (
          <figure className={styles.figure}>
            <img
              src={preview}
              alt={`Chosen ${kind}, not uploaded yet`}
              className={styles.preview}
              data-kind={kind}
            />
            <figcaption>Chosen, not uploaded yet</figcaption>
          </figure>
        )}
      </div>
      <form className={formStyles.form} onSubmit={(event) => void upload(event)} noValidate>
        <div className={formStyles.field}>
          <label htmlFor={inputId} className={formStyles.label}>
            Choose a {kind} image
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            name="file"
            accept={SCHOOL_IMAGE_ACCEPT}
            onChange={choose}
            className={styles.file}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          />
          <p id={hintId} className={formStyles.hint}>
            PNG, JPEG, WebP or GIF, up to {sizeText(maxBytes)}, at least {spec.min.width}×
            {spec.min.height} pixels. {text.shown} We resize it to {spec.width}×{spec.height}
            {kind === "logo" ? " (kept whole)" : " (cropped from the centre)"}.
          </p>
          {error && (
            <p id={errorId} className={formStyles.error} role="alert">
              {error}
            </p>
          )}
        </div>
        <div>
          <button type="submit" className={formStyles.primary} disabled={pending}>
            {pending ? "Uploading..." : `Upload ${kind}`}
          </button>
        </div>
      </form>
      {message && (
        <p className={`${formStyles.formSuccess} ${styles.notice}`} role="status">
          {message}
        </p>
      )}
    </section>
  );
}
