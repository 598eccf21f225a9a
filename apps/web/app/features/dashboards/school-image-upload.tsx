// A school's logo or banner on the partner dashboard
// (docs/decisions/037-school-profile-and-uploaded-images.md): uploaded on its own, with a preview
// of the chosen file before it is sent and the server's result after. The server decides what an
// image is (its bytes) and its size; the browser only spares a pointless upload of a file that is
// too large.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type RefObject,
} from "react";
import { useRevalidator } from "react-router";

import {
  SCHOOL_IMAGE_ACCEPT,
  SCHOOL_IMAGE_MESSAGES,
  SCHOOL_IMAGE_SPECS,
  sizeText,
  type SchoolImageKind,
  type SchoolProfile,
} from "@studyatlas/schemas/school-profile.ts";

import { callApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import dashboardStyles from "./dashboard.module.css";
import styles from "./school-profile.module.css";

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

/** The chosen file, its preview, and its upload. */
function useImageUpload(
  school: SchoolProfile,
  kind: SchoolImageKind,
  maxBytes: number,
  inputRef: RefObject<HTMLInputElement | null>,
) {
  const revalidator = useRevalidator();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [pending, setPending] = useState(false);
  // Why the chosen file was not taken (too large): pressing Upload says so again, not "choose".
  const [refused, setRefused] = useState<string>();
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
    setRefused(undefined);
    if (!chosen) return;
    if (chosen.size > maxBytes) {
      setError(SCHOOL_IMAGE_MESSAGES.tooLarge(maxBytes));
      setRefused(SCHOOL_IMAGE_MESSAGES.tooLarge(maxBytes));
      return;
    }
    setFile(chosen);
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(refused ?? SCHOOL_IMAGE_MESSAGES.missing);
      inputRef.current?.focus();
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
      inputRef.current?.focus();
      return;
    }
    setFile(undefined);
    setPreview(undefined);
    if (inputRef.current) inputRef.current.value = "";
    setMessage(`${text.title} uploaded. The public school page shows it now.`);
    await revalidator.revalidate();
  };

  return { preview, error, message, pending, choose, upload };
}

export function ImageUpload({
  school,
  kind,
  maxBytes,
}: {
  school: SchoolProfile;
  kind: SchoolImageKind;
  maxBytes: number;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { preview, error, message, pending, choose, upload } = useImageUpload(
    school,
    kind,
    maxBytes,
    inputRef,
  );
  const spec = SCHOOL_IMAGE_SPECS[kind];
  const text = IMAGE_TEXT[kind];
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <section className={dashboardStyles.card} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{text.title}</h2>
      <ImagePreviews school={school} kind={kind} preview={preview} />
      <form className={formStyles.form} onSubmit={(event) => void upload(event)} noValidate>
        <div className={formStyles.field}>
          <label htmlFor={inputId} className={formStyles.label}>
            Choose a {kind} image
          </label>
          <input
            ref={inputRef}
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

/** The image the school has now, and the chosen one before it is uploaded. */
function ImagePreviews({
  school,
  kind,
  preview,
}: {
  school: SchoolProfile;
  kind: SchoolImageKind;
  preview: string | undefined;
}) {
  const current = school[kind];
  return (
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
  );
}
