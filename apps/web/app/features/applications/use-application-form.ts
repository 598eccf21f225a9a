// The application form's state: the values, their messages (the API's own schema in the browser,
// then the server's field errors), the submission and the countries of both selects.
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";

import {
  APPLICATION_MESSAGES,
  APPLICATION_REDIRECT_MS,
  ApplicationSchema,
  type ApplicationField,
  type ApplicationCreated,
} from "@studyatlas/schemas/applications.ts";
import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";
import type {
  ApplicantProfile,
  ApplicationForCourse,
} from "@studyatlas/schemas/my-applications.ts";

import { callApi } from "../../auth/account-api.ts";
import type { SessionUser } from "../../auth/session-context.tsx";

type Values = Record<ApplicationField, string>;
type FieldMessages = Partial<Record<ApplicationField, string>>;
export type Country = { id: number; name: string };

/** What a field of the form is bound to: its value, and what typing and leaving it do. */
export interface FieldBinding {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
}

/** The account's names and e-mail, and the rest from the saved applicant profile (ADR 057). */
function initialValues(user: SessionUser, profile: ApplicantProfile | null): Values {
  return {
    title: profile?.title ?? "",
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
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

/** The chat of the application a 409 says exists, for the link under the message. */
async function chatOfExisting(courseId: number): Promise<number | undefined> {
  const answer = await callApi<ApplicationForCourse>(`/api/applications/for-course/${courseId}`);
  return answer.ok ? (answer.data.application?.chat_id ?? undefined) : undefined;
}

/** The countries of both selects, fetched when the dialog first opens. */
export function useAllCountries(open: boolean) {
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

/** The server's first message for each field it refused. */
function fieldMessagesOf(errors: Record<string, string[]> | undefined): FieldMessages {
  const fieldErrors: FieldMessages = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    if (messages[0]) fieldErrors[field as ApplicationField] = messages[0];
  }
  return fieldErrors;
}

export function useApplicationForm({
  courseId,
  user,
  profile,
  referralCode,
  onClose,
}: {
  courseId: number;
  user: SessionUser;
  profile: ApplicantProfile | null;
  referralCode: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(() => initialValues(user, profile));
  const [existingChatId, setExistingChatId] = useState<number | undefined>(undefined);
  const [touched, setTouched] = useState<Partial<Record<ApplicationField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState("");
  const [pending, setPending] = useState(false);
  const [success, setSuccess] = useState(false);

  const payload = { ...values, course: courseId, referral_code: referralCode };
  const errors = fieldErrorsOf(ApplicationSchema, payload);
  const errorOf = (name: ApplicationField) =>
    serverErrors[name] ?? (submitted || touched[name] ? errors[name] : undefined);
  const bind = (name: ApplicationField): FieldBinding => ({
    name,
    value: values[name],
    onChange: (event) => {
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
    if (answer.status === 409) setExistingChatId(await chatOfExisting(courseId));
    setPending(false);
    const fieldErrors = fieldMessagesOf(answer.data.errors);
    setServerErrors(fieldErrors);
    if (Object.keys(fieldErrors).length === 0) {
      setFormError(answer.data.message ?? answer.data.detail ?? APPLICATION_MESSAGES.genericError);
    }
  };

  return { bind, errorOf, submit, pending, success, formError, existingChatId };
}
