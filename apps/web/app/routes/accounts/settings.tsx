// Account settings /settings (docs/spec/accounts-and-details.md §2, §5, §8): the e-mail with its verified
// state, the profile form (country selects, optional picture), the change-password form and the
// two-factor section (docs/decisions/014-two-factor.md).
// Results are toasts for 3 s. Visitors who are not signed in are sent to sign in first.
import { useEffect, useState, type FormEvent } from "react";
import { redirect, useRevalidator } from "react-router";

import { listVerifiedFactors } from "@studyatlas/core/accounts/mfa.ts";
import { getAccountDetail } from "@studyatlas/core/accounts/users.ts";
import { listCountryOptions } from "@studyatlas/core/catalogue/countries.ts";
import { readQualifications } from "@studyatlas/core/eligibility/stored-requirements.ts";
import {
  GENDER_OPTIONS,
  MESSAGES,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  SETTINGS_TOAST_MS,
} from "@studyatlas/schemas/account-rules.ts";
import { ChangePasswordFormSchema } from "@studyatlas/schemas/accounts.ts";
import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";

import { accountApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { FormField } from "../../components/form/form-field.tsx";
import { AlertCircleIcon, BadgeCheckIcon } from "../../components/icons/icons.tsx";
import { useToast } from "../../components/toast/toast-provider.tsx";
import { TwoFactorSettings } from "../../features/accounts/two-factor-settings.tsx";
import { NotificationSettingsSection } from "../../features/applications/notification-settings.tsx";
import { CurrencySettings } from "../../currency/currency-picker.tsx";
import { SavedSearchesSettings } from "../../features/alerts/saved-searches-settings.tsx";
import { QualificationsSettings } from "../../features/eligibility/qualifications-settings.tsx";
import { getLogger, getServices, getSessionUser } from "../../context.ts";
import type { Route } from "./+types/settings";
import styles from "./account-pages.module.css";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Account Settings — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = getSessionUser(context);
  if (!user) throw redirect("/auth?next=/settings");
  const { db } = getServices(context);
  // §8: a failed load is a toast ('Failed to load user details…', 'Failed to fetch countries…'),
  // not an error page; the rest of the page still works.
  const [detail, countries, factors, qualifications] = await Promise.all([
    getAccountDetail(db, user.id).catch((error: unknown) => {
      getLogger(context).error({ err: error }, "Settings: the account could not be loaded.");
      return null;
    }),
    listCountryOptions(db, { enabledOnly: false }).catch((error: unknown) => {
      getLogger(context).error({ err: error }, "Settings: the countries could not be loaded.");
      return null;
    }),
    // Only confirmed apps: an enrolment left half-done is not one (it expires in 5 minutes).
    listVerifiedFactors(db, user.id),
    readQualifications(db, user.id),
  ]);
  const countriesFailed = countries === null;
  return { detail, countries: countries ?? [], countriesFailed, factors, qualifications };
}

type Detail = NonNullable<Route.ComponentProps["loaderData"]["detail"]>;
type Country = Route.ComponentProps["loaderData"]["countries"][number];

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { detail, countries, countriesFailed, factors, qualifications } = loaderData;
  const toast = useToast();
  useEffect(() => {
    if (!detail)
      toast.show(MESSAGES.loadUserFailed, { kind: "error", durationMs: SETTINGS_TOAST_MS });
    if (countriesFailed) {
      toast.show(MESSAGES.loadCountriesFailed, { kind: "error", durationMs: SETTINGS_TOAST_MS });
    }
  }, [detail, countriesFailed, toast]);
  if (!detail) {
    return (
      <div className={styles.settings}>
        <h1 className={styles.title}>Account Settings</h1>
        <p className={formStyles.formError}>{MESSAGES.loadUserFailed}</p>
      </div>
    );
  }
  return (
    <div className={styles.settings}>
      <h1 className={styles.title}>Account Settings</h1>
      <p className={styles.emailLine}>
        <span>{detail.email}</span>
        {detail.email_verified ? (
          <span className={styles.verified}>
            <BadgeCheckIcon aria-hidden="true" /> Verified
          </span>
        ) : (
          <span className={styles.unverified}>
            <AlertCircleIcon aria-hidden="true" /> (Email Not Verified)
          </span>
        )}
      </p>
      <ProfileForm detail={detail} countries={countries} />
      {/* My currency, kept on the account (docs/decisions/052-my-currency-and-compare.md). */}
      <CurrencySettings className={styles.panel} titleClassName={styles.panelTitle} />
      {/* My qualifications, for the eligibility notes (ADR 054). */}
      <QualificationsSettings
        initial={qualifications}
        className={styles.panel}
        titleClassName={styles.panelTitle}
      />
      <ChangePasswordForm />
      <TwoFactorSettings
        factors={factors}
        className={styles.panel}
        titleClassName={styles.panelTitle}
      />
      <NotificationSettingsSection className={styles.panel} titleClassName={styles.panelTitle} />
      <SavedSearchesSettings className={styles.panel} titleClassName={styles.panelTitle} />
    </div>
  );
}

function CountrySelect({
  label,
  name,
  value,
  countries,
}: {
  label: string;
  name: string;
  value: number | null;
  countries: Country[];
}) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={`settings-${name}`} className={formStyles.label}>
        {label}
      </label>
      <select
        id={`settings-${name}`}
        name={name}
        defaultValue={value ?? ""}
        className={formStyles.select}
      >
        <option value="">Select a country</option>
        {countries.map((country) => (
          <option key={country.id} value={country.id}>
            {country.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Why the chosen picture cannot be sent, if it cannot. */
function pictureProblem(picture: File): string | undefined {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(picture.type)) {
    return "The profile picture must be a JPEG, PNG, WebP or GIF image.";
  }
  if (picture.size > PROFILE_PICTURE_MAX_BYTES) return "The profile picture must be at most 2 MB.";
  return undefined;
}

/** §3 "Profile update payload": profile fields as client_profile[...], empty values as null. */
function profilePayload(form: FormData, detail: Detail): FormData {
  const payload = new FormData();
  for (const [key, value] of form.entries()) {
    if (value instanceof File) payload.append(key, value);
    else {
      const text = value.trim() === "" ? "null" : value;
      payload.append(
        ["first_name", "last_name"].includes(key) ? key : `client_profile[${key}]`,
        text,
      );
    }
  }
  payload.append("email", detail.email);
  payload.append("client_profile[id]", String(detail.client_profile.id));
  payload.append("client_profile[socials]", "");
  payload.append("client_profile[user]", String(detail.id));
  return payload;
}

function GenderSelect({ value }: { value: string | null }) {
  return (
    <div className={formStyles.field}>
      <label htmlFor="settings-gender" className={formStyles.label}>
        Gender
      </label>
      <select
        id="settings-gender"
        name="gender"
        defaultValue={value ?? ""}
        className={formStyles.select}
      >
        <option value="">Select</option>
        {GENDER_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ProfileFields({
  detail,
  countries,
  pictureError,
}: {
  detail: Detail;
  countries: Country[];
  pictureError: string | undefined;
}) {
  const profile = detail.client_profile;
  return (
    <div className={styles.grid}>
      <FormField
        label="First name"
        name="first_name"
        defaultValue={detail.first_name}
        autoComplete="given-name"
      />
      <FormField
        label="Last name"
        name="last_name"
        defaultValue={detail.last_name}
        autoComplete="family-name"
      />
      <FormField
        label="Phone number"
        name="phone_number"
        type="tel"
        placeholder="+1 555 123 4567"
        defaultValue={profile.phone_number ?? ""}
        autoComplete="tel"
      />
      <FormField
        label="Address"
        name="address"
        defaultValue={profile.address ?? ""}
        autoComplete="street-address"
      />
      <FormField
        label="Date of birth"
        name="date_of_birth"
        type="date"
        defaultValue={profile.date_of_birth ?? ""}
        autoComplete="bday"
      />
      <GenderSelect value={profile.gender} />
      <CountrySelect
        label="Nationality"
        name="nationality"
        value={profile.nationality}
        countries={countries}
      />
      <CountrySelect
        label="Country of residence"
        name="country_of_residence"
        value={profile.country_of_residence}
        countries={countries}
      />
      <FormField
        label="Profile picture"
        name="profile_pic"
        type="file"
        accept={PROFILE_PICTURE_TYPES.join(",")}
        hint="JPEG, PNG, WebP or GIF, up to 2 MB."
        error={pictureError}
      />
      {profile.profile_pic && (
        <img
          src={profile.profile_pic}
          alt="Your current profile picture"
          width={72}
          height={72}
          style={{ borderRadius: "50%", objectFit: "cover" }}
        />
      )}
    </div>
  );
}

function ProfileForm({ detail, countries }: { detail: Detail; countries: Country[] }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [pictureError, setPictureError] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const picture = form.get("profile_pic");
    if (picture instanceof File && picture.size > 0) {
      const problem = pictureProblem(picture);
      if (problem) {
        setPictureError(problem);
        return;
      }
    } else {
      form.delete("profile_pic");
    }
    setPictureError(undefined);
    setPending(true);
    const answer = await accountApi("update_user_profile", {
      method: "PATCH",
      form: profilePayload(form, detail),
    });
    setPending(false);
    if (answer.ok) {
      toast.show(MESSAGES.profileUpdated, { kind: "success", durationMs: SETTINGS_TOAST_MS });
      void revalidator.revalidate();
    } else {
      toast.show(answer.data.message ?? MESSAGES.profileUpdateFailed, {
        kind: "error",
        durationMs: SETTINGS_TOAST_MS,
      });
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="profile-title">
      <h2 id="profile-title" className={styles.panelTitle}>
        Profile
      </h2>
      <form onSubmit={(event) => void submit(event)} className={formStyles.form}>
        <ProfileFields detail={detail} countries={countries} pictureError={pictureError} />
        <div>
          <button type="submit" className={formStyles.primary} disabled={pending}>
            {pending ? "Loading..." : "Save Profile"}
          </button>
        </div>
      </form>
    </section>
  );
}

type PasswordField = "current" | "next" | "confirm";

function ChangePasswordForm() {
  const toast = useToast();
  const [values, setValues] = useState<Record<PasswordField, string>>({
    current: "",
    next: "",
    confirm: "",
  });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [pending, setPending] = useState(false);

  const bind = (name: PasswordField) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      // §5: errors clear per field on edit.
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrorsOf(ChangePasswordFormSchema, values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setPending(true);
    const answer = await accountApi("change_password", {
      method: "PATCH",
      json: { old_password: values.current, new_password: values.next },
    });
    setPending(false);
    if (answer.ok) {
      toast.show(MESSAGES.passwordChanged, { kind: "success", durationMs: SETTINGS_TOAST_MS });
      setValues({ current: "", next: "", confirm: "" });
      return;
    }
    const fieldErrors = answer.data.errors;
    const text =
      fieldErrors?.old_password?.[0] ??
      fieldErrors?.new_password?.[0] ??
      MESSAGES.passwordChangeFailed;
    if (fieldErrors?.old_password) setErrors({ current: fieldErrors.old_password[0] });
    else if (fieldErrors?.new_password) setErrors({ next: fieldErrors.new_password[0] });
    toast.show(text, { kind: "error", durationMs: SETTINGS_TOAST_MS });
  };

  return (
    <section className={styles.panel} aria-labelledby="password-title">
      <h2 id="password-title" className={styles.panelTitle}>
        Change Password
      </h2>
      <form onSubmit={(event) => void submit(event)} className={formStyles.form} noValidate>
        <div className={styles.grid}>
          <FormField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.current}
            {...bind("current")}
          />
          <span aria-hidden="true" className={styles.spacer} />
          <FormField
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.next}
            {...bind("next")}
          />
          <FormField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirm}
            {...bind("confirm")}
          />
        </div>
        <div>
          <button type="submit" className={formStyles.primary} disabled={pending}>
            {pending ? "Changing Password..." : "Change Password"}
          </button>
        </div>
      </form>
    </section>
  );
}
