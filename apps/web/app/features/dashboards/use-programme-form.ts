// The programme form's state and its two actions: the values with the server's field messages,
// and saving (create or full update) or publishing. The server's answer decides what the form
// shows: its field messages, or a saved programme's values.
import { useRef, useState, type FormEvent, type RefObject } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";

import { IDEMPOTENCY_HEADER } from "@studyatlas/schemas/idempotency.ts";
import type { ProgrammeDetail, ProgrammeOptions } from "@studyatlas/schemas/programmes.ts";

import { callApi } from "../../auth/account-api.ts";
import { blankForm, toForm, type FormValues } from "./programme-form-values.ts";
import { requirementsPayload } from "./programme-requirements-values.ts";

type FieldErrors = Record<string, string[]>;

/** What the sections of the form read and change. */
export interface ProgrammeFields {
  values: FormValues;
  /** A setter for one field. */
  set: <K extends keyof FormValues>(key: K) => (value: FormValues[K]) => void;
  /** The first message of a field, if any. */
  error: (key: string) => string | undefined;
  /** Changes the programme type, keeping the degree type only when it belongs to the new one. */
  setProgrammeType: (value: string) => void;
  toggleDiscipline: (id: number, on: boolean) => void;
}

export function useProgrammeFields(
  options: ProgrammeOptions,
  programme: ProgrammeDetail | null,
): ProgrammeFields & {
  setValues: (values: FormValues) => void;
  setErrors: (errors: FieldErrors) => void;
} {
  const [values, setValues] = useState<FormValues>(() =>
    programme ? toForm(programme.values) : blankForm(options),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const set =
    <K extends keyof FormValues>(key: K) =>
    (value: FormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const setProgrammeType = (value: string) =>
    setValues((current) => ({
      ...current,
      programme_type_id: value,
      degree_type_id: options.degree_types.some(
        (degree) =>
          String(degree.id) === current.degree_type_id &&
          String(degree.programme_type_id) === value,
      )
        ? current.degree_type_id
        : "",
    }));
  const toggleDiscipline = (id: number, on: boolean) =>
    setValues((current) => ({
      ...current,
      discipline_ids: on
        ? [...current.discipline_ids, id]
        : current.discipline_ids.filter((other) => other !== id),
    }));
  return {
    values,
    set,
    error: (key) => errors[key]?.[0],
    setProgrammeType,
    toggleDiscipline,
    setValues,
    setErrors,
  };
}

/** A full update of `programme`, or a new programme with its idempotency key (ADR 055). */
function sendProgramme(
  programme: ProgrammeDetail | null,
  values: FormValues,
  publishNow: boolean,
  key: string,
) {
  const payload = { ...values, entry_requirements: requirementsPayload(values.entry_requirements) };
  if (programme) {
    return callApi<ProgrammeDetail>(`/api/dashboard/partner/programmes/${programme.id}`, {
      method: "PUT",
      json: payload,
    });
  }
  return callApi<ProgrammeDetail>("/api/dashboard/partner/programmes", {
    json: { ...payload, published: publishNow },
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

/** 128 random bits in hex (getRandomValues works on plain-http pages too, unlike randomUUID). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Focuses the first field with a message, in the form's order. */
function focusFirstError(form: RefObject<HTMLFormElement | null>, fieldErrors: FieldErrors) {
  requestAnimationFrame(() => {
    const first = [...(form.current?.querySelectorAll<HTMLElement>("[data-field]") ?? [])].find(
      (element) => element.dataset.field && fieldErrors[element.dataset.field],
    );
    first?.querySelector<HTMLElement>("input, select, textarea, [contenteditable='true']")?.focus();
  });
}

export function useProgrammeSubmit(
  programme: ProgrammeDetail | null,
  fields: ReturnType<typeof useProgrammeFields>,
  formRef: RefObject<HTMLFormElement | null>,
): {
  message: string | undefined;
  failure: string | undefined;
  pending: boolean;
  publishNow: boolean;
  setPublishNow: (on: boolean) => void;
  save: (event: FormEvent) => Promise<void>;
  publish: (on: boolean) => Promise<void>;
} {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [publishNow, setPublishNow] = useState(false);
  const location = useLocation();
  const [message, setMessage] = useState<string | undefined>(
    () => (location.state as { saved?: string } | null)?.saved,
  );
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  const { setErrors } = fields;
  // A second click before the first answer sends nothing; and the create carries one key until
  // the server refuses it, so a repeat that still gets through (a retry after a lost answer)
  // answers the same programme (docs/decisions/055-lead-exports-and-idempotent-create.md).
  const inFlight = useRef(false);
  const createKey = useRef<string | undefined>(undefined);

  const begin = () => {
    setPending(true);
    setMessage(undefined);
    setFailure(undefined);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    begin();
    createKey.current ??= randomKey();
    const answer = await sendProgramme(programme, fields.values, publishNow, createKey.current);
    inFlight.current = false;
    setPending(false);
    // Refused (not lost): the next attempt is a new request with its own key.
    if (answer.status >= 400) createKey.current = undefined;
    if (!answer.ok) {
      if (answer.data.errors) {
        setErrors(answer.data.errors);
        setFailure("Please correct the marked fields.");
        focusFirstError(formRef, answer.data.errors);
      } else {
        setErrors({});
        setFailure(answer.data.detail ?? "Something went wrong. Please try again.");
      }
      return;
    }
    setErrors({});
    if (!programme) {
      await navigate(`/dashboard/partner/programmes/${answer.data.id}`, {
        state: { saved: "The programme is created." },
      });
      return;
    }
    fields.setValues(toForm(answer.data.values));
    setMessage(
      answer.data.published
        ? "Saved. The public page and the search show the change now."
        : "Saved. The programme is not published, so visitors do not see it.",
    );
    await revalidator.revalidate();
  };

  const publish = async (on: boolean) => {
    if (!programme) return;
    begin();
    const answer = await callApi(
      `/api/dashboard/partner/programmes/${programme.id}/${on ? "publish" : "unpublish"}`,
      { json: {} },
    );
    setPending(false);
    if (!answer.ok) {
      setFailure(answer.data.detail ?? "Something went wrong. Please try again.");
      return;
    }
    setMessage(
      on ? "Published: visitors see the programme now." : "Unpublished: visitors no longer see it.",
    );
    await revalidator.revalidate();
  };

  return { message, failure, pending, publishNow, setPublishNow, save, publish };
}

/** Duplicate: a copy, unpublished and named "… (copy)" (ADR 056); the partner lands on it. */
export function useProgrammeDuplicate(programme: ProgrammeDetail | null): {
  pending: boolean;
  failure: string | undefined;
  duplicate: () => Promise<void>;
} {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const inFlight = useRef(false);
  const duplicate = async () => {
    if (!programme || inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setFailure(undefined);
    const answer = await callApi<ProgrammeDetail>(
      `/api/dashboard/partner/programmes/${programme.id}/duplicate`,
      { json: {} },
    );
    inFlight.current = false;
    setPending(false);
    if (!answer.ok) {
      setFailure(answer.data.detail ?? "Something went wrong. Please try again.");
      return;
    }
    await navigate(`/dashboard/partner/programmes/${answer.data.id}`, {
      state: { saved: "The copy is created. It is not published until you publish it." },
    });
  };
  return { pending, failure, duplicate };
}
