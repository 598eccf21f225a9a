// The saved applicant profile's form on /applications (docs/decisions/057-student-loop.md): the
// application form's own fields and rules (ApplicantProfileSchema), saved with PUT.
import { useState, type FormEvent } from "react";

import type { ApplicationField } from "@studyatlas/schemas/applications.ts";
import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";
import {
  ApplicantProfileSchema,
  PROFILE_MESSAGES,
  type ApplicantProfile,
} from "@studyatlas/schemas/my-applications.ts";

import { callApi } from "../../auth/account-api.ts";
import type { FieldBinding } from "./use-application-form.ts";

type Values = Record<string, string>;

function valuesOf(profile: ApplicantProfile | null): Values {
  return {
    title: profile?.title ?? "",
    sex: profile?.sex ?? "",
    date_of_birth: profile?.date_of_birth ?? "",
    phone_number: profile?.phone_number ?? "",
    country: profile ? String(profile.country) : "",
    nationality: profile ? String(profile.nationality) : "",
    address: profile?.address ?? "",
    city: profile?.city ?? "",
    zip_code: profile?.zip_code ?? "",
  };
}

export function useProfileForm(profile: ApplicantProfile | null) {
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string | undefined>>({});
  const [status, setStatus] = useState<{ kind: "saved" | "error"; text: string } | undefined>();
  const [pending, setPending] = useState(false);
  const errors = fieldErrorsOf(ApplicantProfileSchema, values);
  const errorOf = (name: ApplicationField) =>
    serverErrors[name] ?? (submitted ? errors[name as keyof typeof errors] : undefined);
  const bind = (name: ApplicationField): FieldBinding => ({
    name,
    value: values[name] ?? "",
    onChange: (event) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setServerErrors((current) => ({ ...current, [name]: undefined }));
      setStatus(undefined);
    },
    onBlur: () => undefined,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setStatus(undefined);
    if (!ApplicantProfileSchema.safeParse(values).success) {
      const form = event.currentTarget;
      requestAnimationFrame(() =>
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setPending(true);
    const answer = await callApi("/api/applications/profile", { method: "PUT", json: values });
    setPending(false);
    if (answer.ok) {
      setStatus({ kind: "saved", text: PROFILE_MESSAGES.saved });
      return;
    }
    const fieldErrors: Record<string, string> = {};
    for (const [field, messages] of Object.entries(answer.data.errors ?? {})) {
      if (messages[0]) fieldErrors[field] = messages[0];
    }
    setServerErrors(fieldErrors);
    setStatus({
      kind: "error",
      text: answer.data.message ?? "Your profile could not be saved. Please try again.",
    });
  };

  return { bind, errorOf, submit, pending, status };
}
