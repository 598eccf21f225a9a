// The dashboards' doors (docs/spec/accounts-and-details.md §2 "Dashboard pages", §8;
// docs/decisions/016-organisations-and-dashboards.md): partner and sales sign-in with 'remember
// me', partner registration with the organisation, and sales registration from an invitation. A
// network failure opens the §8 Error dialog; a refused sign-in says 'Invalid credentials. Please
// try again.'.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";

import {
  LoginFormSchema,
  RegisterPartnerSchema,
  RegisterSchema,
} from "@studyatlas/schemas/accounts.ts";
import { DASHBOARD_MESSAGES } from "@studyatlas/schemas/dashboards.ts";
import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";
import type { MfaRequired } from "@studyatlas/schemas/mfa.ts";

import { authErrorMessage, callApi } from "../../auth/account-api.ts";
import { FormField } from "../../components/form/form-field.tsx";
import { FormSubmit, NameFields, SignInFields } from "../../components/form/form-parts.tsx";
import formStyles from "../../components/form/form.module.css";
import { useFormFields } from "../../components/form/use-form-fields.ts";
import { SecondFactorForm } from "../../components/two-factor/second-factor-form.tsx";
import styles from "./dashboard.module.css";

/** §8: 'Error' with the message and a button to close it; focus goes to the button. */
export function ErrorDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className={styles.errorDialog}
      aria-labelledby="dashboard-error-title"
      onClose={onClose}
    >
      <h2 id="dashboard-error-title">Error</h2>
      <p>{message}</p>
      <button type="button" className={formStyles.primary} onClick={() => ref.current?.close()}>
        OK
      </button>
    </dialog>
  );
}

export function DashboardLoginForm({ registerHref }: { registerHref?: string }) {
  const form = useFormFields({ email: "", password: "" }, (values) =>
    fieldErrorsOf(LoginFormSchema, values),
  );
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string>();
  const [networkError, setNetworkError] = useState(false);
  const [pending, setPending] = useState(false);
  // The account has a verified factor (docs/decisions/014-two-factor.md): the code, then the
  // dashboard.
  const [secondStep, setSecondStep] = useState<{ mfa: MfaRequired; next: string }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.attemptSubmit()) return;
    setPending(true);
    setError(undefined);
    const answer = await callApi<{ redirect_to?: string; mfa?: MfaRequired }>(
      "/api/dashboard/token",
      { json: { email: form.values.email.trim(), password: form.values.password, remember } },
    );
    setPending(false);
    if (answer.ok && answer.data.redirect_to && answer.data.mfa?.required) {
      setSecondStep({ mfa: answer.data.mfa, next: answer.data.redirect_to });
      return;
    }
    if (answer.ok && answer.data.redirect_to) {
      // A full load: the dashboard's loader reads the new session's cookies.
      window.location.assign(answer.data.redirect_to);
      return;
    }
    if (answer.status === 0) setNetworkError(true);
    // §8: any not-ok answer reads 'Invalid credentials'; a refusal that is not about the
    // password (a student's account, an unverified address, too many attempts) says why.
    else if (answer.status === 401 || answer.status === 400)
      setError(DASHBOARD_MESSAGES.invalidCredentials);
    else setError(answer.data.detail ?? DASHBOARD_MESSAGES.invalidCredentials);
  };

  if (secondStep) {
    const { next } = secondStep;
    return (
      <SecondFactorForm
        factors={secondStep.mfa.factors}
        onSuccess={() => window.location.assign(next)}
        onCancel={() => {
          setSecondStep(undefined);
          form.reset();
        }}
        headingLevel="h2"
      />
    );
  }

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <SignInFields form={form} />
      <div className={styles.rememberRow}>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          Remember me
        </label>
        <Link to="/dashboard/reset-pw">Forgot password?</Link>
      </div>
      <FormSubmit error={error} pending={pending} label="Sign In" pendingLabel="Signing in..." />
      {registerHref && (
        <p className={styles.switch}>
          New partner? <Link to={registerHref}>Register your organisation</Link>
        </p>
      )}
      {networkError && (
        <ErrorDialog
          message={DASHBOARD_MESSAGES.networkError}
          onClose={() => setNetworkError(false)}
        />
      )}
    </form>
  );
}

export function PartnerRegisterForm({ onSuccess }: { onSuccess: (message: string) => void }) {
  const form = useFormFields(
    {
      first_name: "",
      last_name: "",
      email: "",
      password: "",
      organization: "",
      organisation_kind: "school",
    },
    (values) => fieldErrorsOf(RegisterPartnerSchema, values),
  );
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.attemptSubmit()) return;
    setPending(true);
    setError(undefined);
    const answer = await callApi<{ message?: string }>("/api/account/register_partner", {
      json: { ...form.values, email: form.values.email.trim() },
    });
    setPending(false);
    if (answer.status === 201) onSuccess(answer.data.message ?? "");
    else
      setError(
        answer.status === 0 ? DASHBOARD_MESSAGES.networkError : authErrorMessage(answer.data),
      );
  };

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <NameFields form={form} autoFocus />
      <fieldset className={styles.kindChoice}>
        <legend>You register</legend>
        {(["school", "agent"] as const).map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name="organisation_kind"
              value={kind}
              checked={form.values.organisation_kind === kind}
              onChange={() =>
                form.setValues((current) => ({ ...current, organisation_kind: kind }))
              }
            />{" "}
            {kind === "school" ? "A school" : "An agency (recruiting for several schools)"}
          </label>
        ))}
      </fieldset>
      <FormField
        label="Organisation"
        autoComplete="organization"
        required
        hint={
          form.values.organisation_kind === "agent"
            ? "The agency you act for"
            : "The school you act for"
        }
        error={form.visibleError("organization")}
        {...form.bind("organization")}
      />
      <FormField
        label="Work e-mail"
        type="email"
        autoComplete="email"
        required
        error={form.visibleError("email")}
        {...form.bind("email")}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        error={form.visibleError("password")}
        {...form.bind("password")}
      />
      <FormSubmit error={error} pending={pending} label="Register" pendingLabel="Registering..." />
      <p className={styles.switch}>
        Already registered? <Link to="/dashboard/partner/login">Sign in</Link>
      </p>
    </form>
  );
}

const InvitationFormSchema = RegisterSchema.omit({ email: true });

/**
 * Signs up through an invitation (a sales agent's, ADR 016; a partner team's, ADR 056): the
 * address is the invitation's, so only names and a password are asked; the API answers 201 with
 * where to go next.
 */
export function InvitationSignUpForm(props: {
  email: string;
  invitation: string;
  endpoint: string;
  label: string;
  pendingLabel: string;
  children?: ReactNode;
}) {
  const form = useFormFields({ first_name: "", last_name: "", password: "" }, (values) =>
    fieldErrorsOf(InvitationFormSchema, values),
  );
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.attemptSubmit()) return;
    setPending(true);
    setError(undefined);
    const answer = await callApi<{ redirect_to?: string }>(props.endpoint, {
      json: { ...form.values, invitation: props.invitation },
    });
    setPending(false);
    if (answer.status === 201 && answer.data.redirect_to) {
      window.location.assign(answer.data.redirect_to);
      return;
    }
    setError(answer.status === 0 ? DASHBOARD_MESSAGES.networkError : authErrorMessage(answer.data));
  };

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label="Email"
        type="email"
        value={props.email}
        readOnly
        hint="From your invitation"
      />
      <NameFields form={form} autoFocus />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        error={form.visibleError("password")}
        {...form.bind("password")}
      />
      <FormSubmit
        error={error}
        pending={pending}
        label={props.label}
        pendingLabel={props.pendingLabel}
      />
      {props.children}
    </form>
  );
}

export function SalesRegisterForm({ email, invitation }: { email: string; invitation: string }) {
  return (
    <InvitationSignUpForm
      email={email}
      invitation={invitation}
      endpoint="/api/dashboard/sales/register"
      label="Create my account"
      pendingLabel="Creating..."
    />
  );
}
