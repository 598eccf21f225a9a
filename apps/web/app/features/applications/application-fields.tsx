// The fields of the application form: who the student is, and where they live.
import { useId, type ReactNode } from "react";

import {
  APPLICATION_SEX_OPTIONS,
  APPLICATION_TITLE_OPTIONS,
  type ApplicationField,
} from "@studyatlas/schemas/applications.ts";

import formStyles from "../../components/form/form.module.css";
import { FormField } from "../../components/form/form-field.tsx";
import type { Country, FieldBinding } from "./use-application-form.ts";
import styles from "./apply-dialog.module.css";

interface FieldProps {
  bind: (name: ApplicationField) => FieldBinding;
  errorOf: (name: ApplicationField) => string | undefined;
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

/** First and last name and the e-mail (the account's, read-only, when it has one). */
function NameFields({ bind, errorOf, emailLocked }: FieldProps & { emailLocked: boolean }) {
  return (
    <>
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
    </>
  );
}

/**
 * Title, sex, names, e-mail (the account's, when it has one), phone and date of birth. The saved
 * applicant profile (ADR 057) has no names or e-mail: those are the account's.
 */
export function PersonFields({
  bind,
  errorOf,
  emailLocked,
  withNames = true,
}: FieldProps & { emailLocked: boolean; withNames?: boolean }) {
  return (
    <>
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
      {withNames && <NameFields bind={bind} errorOf={errorOf} emailLocked={emailLocked} />}
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
    </>
  );
}

/** Country of residence, nationality and the postal address. */
export function PlaceFields({ bind, errorOf, countries }: FieldProps & { countries: Country[] }) {
  return (
    <>
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
    </>
  );
}
