// The 'Apply Here' dialog (docs/spec/accounts-and-details.md §2 "Apply form", §4 "Application form",
// §5 "Application", §8 "Application", §9; issue 11 item 2). A native <dialog>: it traps focus,
// closes with Escape and gives the focus back to 'Apply Now'. Validated with the API's own schema
// (ApplicationSchema) before it is sent; the server's field errors show under their fields.
// On success: the spec's message, then after 2 s the dialog closes and the student is taken to
// the chat the application opened.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";

import {
  APPLICATION_MESSAGES,
  APPLICATION_REDIRECT_MS,
  APPLICATION_SEX_OPTIONS,
  APPLICATION_TITLE_OPTIONS,
  ApplicationSchema,
  type ApplicationField,
  type ApplicationCreated,
} from "@studyatlas/schemas/applications.ts";
import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";

import { callApi } from "../../auth/account-api.ts";
import type { SessionUser } from "../../auth/session-context.tsx";
import formStyles from "../../components/form/form.module.css";
import { FormField } from "../../components/form/form-field.tsx";
import { CloseIcon } from "../../components/icons/icons.tsx";
import styles from "./apply-dialog.module.css";

type Values = Record<ApplicationField, string>;
type Country = { id: number; name: string };

function initialValues(user: SessionUser): Values {
  return {
    title: "",
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    sex: "",
    date_of_birth: "",
    phone_number: "",
    country: "",
    nationality: "",
    address: "",
    city: "",
    zip_code: "",
  };
}

function SelectField({
  label,
  error,
  children,
  ...select
}: {
  label: string;
  error: string | undefined;
  children: ReactNode;
  name: string;
  value: string;
  required?: boolean;
  disabled?: boolean;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
}) {
  const id = useId();
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <select
        id={id}
        className={formStyles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className={formStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The countries of both selects, fetched when the dialog first opens. */
function useAllCountries(open: boolean) {
  const [state, setState] = useState<{ countries: Country[]; failed: boolean; loaded: boolean }>({
    countries: [],
    failed: false,
    loaded: false,
  });
  useEffect(() => {
    if (!open || state.loaded) return;
    let cancelled = false;
    void callApi<{ results?: Country[] }>("/api/academics/country/list").then((answer) => {
      if (cancelled) return;
      const countries = answer.ok ? (answer.data.results ?? []) : [];
      setState({ countries, failed: !answer.ok, loaded: answer.ok });
    });
    return () => {
      cancelled = true;
    };
  }, [open, state.loaded]);
  return state;
}

export function ApplyDialog({
  courseId,
  courseName,
  user,
  referralCode,
  open,
  onClose,
}: {
  courseId: number;
  courseName: string;
  user: SessionUser;
  referralCode: string;
  open: boolean;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(() => initialValues(user));
  const [touched, setTouched] = useState<Partial<Record<ApplicationField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ApplicationField, string>>>({});
  const [formError, setFormError] = useState("");
  const [pending, setPending] = useState(false);
  const [success, setSuccess] = useState(false);
  const { countries, failed } = useAllCountries(open);
  const emailLocked = user.email !== "";

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const payload = { ...values, course: courseId, referral_code: referralCode };
  const errors = fieldErrorsOf(ApplicationSchema, payload);
  const errorOf = (name: ApplicationField) =>
    serverErrors[name] ?? (submitted || touched[name] ? errors[name] : undefined);
  const bind = (name: ApplicationField) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setServerErrors((current) => ({ ...current, [name]: undefined }));
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError("");
    const parsed = ApplicationSchema.safeParse(payload);
    if (!parsed.success) {
      // The first field with an error takes the focus, so it is announced.
      const form = event.currentTarget;
      requestAnimationFrame(() =>
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setPending(true);
    const answer = await callApi<ApplicationCreated>("/api/academics/course/create_interest", {
      json: payload,
    });
    if (answer.status === 201) {
      setSuccess(true);
      const chatId = answer.data.chat_id;
      // §4, §9: the message, then after 2 s the dialog closes and the student goes to the chat.
      window.setTimeout(() => {
        onClose();
        void navigate(`/chat/${chatId}`);
      }, APPLICATION_REDIRECT_MS);
      return;
    }
    setPending(false);
    const fieldErrors: Partial<Record<ApplicationField, string>> = {};
    for (const [field, messages] of Object.entries(answer.data.errors ?? {})) {
      if (messages[0]) fieldErrors[field as ApplicationField] = messages[0];
    }
    setServerErrors(fieldErrors);
    if (Object.keys(fieldErrors).length === 0) {
      setFormError(answer.data.message ?? answer.data.detail ?? APPLICATION_MESSAGES.genericError);
    }
  };

  const close = () => {
    if (pending) return;
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby="apply-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <form className={styles.body} noValidate onSubmit={(event) => void submit(event)}>
        <div className={styles.header}>
          <div>
            <h2 id="apply-dialog-title" className={styles.title}>
              Apply Here
            </h2>
            <p className={styles.subtitle}>{courseName}</p>
          </div>
          <button
            type="button"
            className={styles.close}
            aria-label="Close"
            onClick={close}
            disabled={pending}
          >
            <CloseIcon />
          </button>
        </div>

        {success ? (
          <p className={`${formStyles.formSuccess} ${styles.success}`} role="status">
            {APPLICATION_MESSAGES.submitted}
          </p>
        ) : (
          <>
            {failed && (
              <p className={formStyles.formError} role="alert">
                {APPLICATION_MESSAGES.countriesFailed}
              </p>
            )}
            <fieldset className={styles.fields} disabled={pending}>
              <legend className="visually-hidden">Your details</legend>
              <SelectField label="Title" error={errorOf("title")} required {...bind("title")}>
                <option value="">Select</option>
                {APPLICATION_TITLE_OPTIONS.map((title) => (
                  <option key={title} value={title}>
                    {title}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Sex" error={errorOf("sex")} required {...bind("sex")}>
                <option value="">Select</option>
                {APPLICATION_SEX_OPTIONS.map((sex) => (
                  <option key={sex} value={sex}>
                    {sex}
                  </option>
                ))}
              </SelectField>
              <FormField
                label="First name"
                autoComplete="given-name"
                required
                error={errorOf("firstName")}
                {...bind("firstName")}
              />
              <FormField
                label="Last name"
                autoComplete="family-name"
                required
                error={errorOf("lastName")}
                {...bind("lastName")}
              />
              <FormField
                label="Email"
                type="email"
                autoComplete="email"
                required
                readOnly={emailLocked}
                hint={emailLocked ? "The e-mail of your account." : undefined}
                error={errorOf("email")}
                {...bind("email")}
              />
              <FormField
                label="Phone number"
                type="tel"
                autoComplete="tel"
                placeholder="+44 20 7946 0958"
                required
                error={errorOf("phone_number")}
                {...bind("phone_number")}
              />
              <FormField
                label="Date of birth"
                type="date"
                autoComplete="bday"
                required
                error={errorOf("date_of_birth")}
                {...bind("date_of_birth")}
              />
              <SelectField
                label="Country of residence"
                error={errorOf("country")}
                required
                {...bind("country")}
              >
                <option value="">Select a country</option>
                {countries.map((country) => (
                  <option key={country.id} value={country.id}>
                    {country.name}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Nationality"
                error={errorOf("nationality")}
                required
                {...bind("nationality")}
              >
                <option value="">Select a country</option>
                {countries.map((country) => (
                  <option key={country.id} value={country.id}>
                    {country.name}
                  </option>
                ))}
              </SelectField>
              <FormField
                label="Address"
                autoComplete="street-address"
                required
                className={styles.wide}
                error={errorOf("address")}
                {...bind("address")}
              />
              <FormField
                label="City"
                autoComplete="address-level2"
                required
                error={errorOf("city")}
                {...bind("city")}
              />
              <FormField
                label="Zip code"
                autoComplete="postal-code"
                required
                error={errorOf("zip_code")}
                {...bind("zip_code")}
              />
            </fieldset>
            {formError && (
              <p className={formStyles.formError} role="alert">
                {formError}
              </p>
            )}
            <div className={styles.actions}>
              <button
                type="button"
                className={formStyles.secondary}
                onClick={close}
                disabled={pending}
              >
                Cancel
              </button>
              <button type="submit" className={formStyles.primary} disabled={pending}>
                {pending ? "Submitting..." : "Submit"}
              </button>
            </div>
          </>
        )}
      </form>
    </dialog>
  );
}
