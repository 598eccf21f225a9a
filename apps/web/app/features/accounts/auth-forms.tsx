// The login, sign-up and reset-request forms, shared by the sign-in modal and the /auth page
// (docs/spec/accounts-and-details.md §2, §4, §5, §8). Each calls the account API and hands the outcome to
// its host, which decides what success looks like (success modal, redirect, toast).
import { useState, type FormEvent } from "react";

import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";
import {
  EmailOnlySchema,
  LoginFormSchema,
  RegisterFormSchema,
} from "@studyatlas/schemas/accounts.ts";
import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";
import type { MfaRequired } from "@studyatlas/schemas/mfa.ts";

import { accountApi, authErrorMessage } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { FormField } from "../../components/form/form-field.tsx";
import {
  FormSubmit,
  NameFields,
  NewPasswordFields,
  SignInFields,
} from "../../components/form/form-parts.tsx";
import { useFormFields } from "../../components/form/use-form-fields.ts";

export function LoginForm({
  onSuccess,
  onSwitchToRegister,
  onForgotPassword,
  onSecondFactor,
}: {
  onSuccess: () => void;
  onSwitchToRegister: () => void;
  onForgotPassword: () => void;
  /** The password was right and the account asks for a code: the host shows the code step. */
  onSecondFactor: (mfa: MfaRequired) => void;
}) {
  const form = useFormFields({ email: "", password: "" }, (values) =>
    fieldErrorsOf(LoginFormSchema, values),
  );
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.attemptSubmit()) return;
    setPending(true);
    setError(undefined);
    const answer = await accountApi<{ mfa?: MfaRequired }>("token", {
      json: { email: form.values.email.trim(), password: form.values.password },
    });
    setPending(false);
    // A verified factor: the session is aal1 until the code is given (ADR 014).
    if (answer.status === 200 && answer.data.mfa?.required) onSecondFactor(answer.data.mfa);
    else if (answer.status === 200) onSuccess();
    else setError(answer.status === 0 ? MESSAGES.genericError : authErrorMessage(answer.data));
  };

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <SignInFields form={form} />
      <div className={formStyles.rowEnd}>
        <button type="button" className={formStyles.linkButton} onClick={onForgotPassword}>
          Forgot password?
        </button>
      </div>
      {error && (
        <div className={formStyles.formError} role="alert">
          <span>{error}</span>
          {error === MESSAGES.loginFailed && (
            <button type="button" className={formStyles.linkButton} onClick={onSwitchToRegister}>
              Sign Up
            </button>
          )}
        </div>
      )}
      <button type="submit" className={formStyles.primary} disabled={pending}>
        {pending ? "Signing in..." : "Sign In"}
      </button>
    </form>
  );
}

export function RegisterForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const form = useFormFields(
    { first_name: "", last_name: "", email: "", password: "", confirm: "" },
    (values) => fieldErrorsOf(RegisterFormSchema, values),
    ["confirm"],
  );
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.attemptSubmit()) return;
    setPending(true);
    setError(undefined);
    const { confirm: _confirm, ...payload } = form.values;
    const answer = await accountApi("register", {
      json: { ...payload, email: payload.email.trim() },
    });
    setPending(false);
    if (answer.status === 201) onSuccess(payload.email.trim());
    else
      setError(
        answer.status === 0
          ? "Failed to register. Please try again."
          : authErrorMessage(answer.data),
      );
  };

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <NameFields form={form} autoFocus />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={form.visibleError("email")}
        {...form.bind("email")}
      />
      <NewPasswordFields form={form} />
      <FormSubmit
        error={error}
        pending={pending}
        label="Create Account"
        pendingLabel="Creating account..."
      />
    </form>
  );
}

/**
 * An e-mail field and a button that asks the account API to send something to that address (a
 * reset link, a new verification link). A rate limit or a bad address explains itself; anything
 * else shows `failureMessage`.
 */
function EmailRequestForm({
  endpoint,
  onSuccess,
  submitLabel,
  successMessage,
  failureMessage,
  autoFocus,
}: {
  endpoint: string;
  onSuccess: (message: string) => void;
  submitLabel: string;
  successMessage: (answer: { message?: string }) => string;
  failureMessage: string;
  autoFocus: boolean;
}) {
  const form = useFormFields({ email: "" }, (values) => fieldErrorsOf(EmailOnlySchema, values));
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.attemptSubmit()) return;
    setPending(true);
    setError(undefined);
    const answer = await accountApi<{ message?: string }>(endpoint, {
      json: { email: form.values.email.trim() },
    });
    setPending(false);
    if (answer.ok) {
      form.reset();
      onSuccess(successMessage(answer.data));
    } else {
      setError(
        answer.status === 429 || answer.status === 400
          ? authErrorMessage(answer.data)
          : failureMessage,
      );
    }
  };

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus={autoFocus}
        required
        error={form.visibleError("email")}
        {...form.bind("email")}
      />
      <FormSubmit error={error} pending={pending} label={submitLabel} pendingLabel="Sending..." />
    </form>
  );
}

/** 'Send Reset Link' (§2, §8): the spec's texts for success and failure. */
export function ResetRequestForm({
  onSuccess,
  submitLabel = "Send Reset Link",
}: {
  onSuccess: (message: string) => void;
  submitLabel?: string;
}) {
  return (
    <EmailRequestForm
      endpoint="password_reset"
      onSuccess={onSuccess}
      submitLabel={submitLabel}
      successMessage={() => MESSAGES.resetEmailSent}
      failureMessage={MESSAGES.resetEmailFailed}
      autoFocus
    />
  );
}

/** A new verification link, for a visitor whose link failed (no session, so the address is asked). */
export function ResendVerificationForm({ onSuccess }: { onSuccess: (message: string) => void }) {
  return (
    <EmailRequestForm
      endpoint="resend-verify-email"
      onSuccess={onSuccess}
      submitLabel="Send a new link"
      successMessage={(answer) => answer.message ?? MESSAGES.resendSuccess}
      failureMessage={MESSAGES.resendFailed}
      autoFocus={false}
    />
  );
}

/**
 * The sign-in modal's form for its mode, as one component, so that the modal can load all three
 * forms lazily with a single boundary (sign-in-modal.tsx).
 */
export function ModeForm({
  mode,
  onSignedIn,
  onSwitchToRegister,
  onForgotPassword,
  onRegistered,
  onResetRequested,
  onSecondFactor,
}: {
  mode: "login" | "register" | "reset";
  onSecondFactor: (mfa: MfaRequired) => void;
  onSignedIn: () => void;
  onSwitchToRegister: () => void;
  onForgotPassword: () => void;
  onRegistered: (email: string) => void;
  onResetRequested: (message: string) => void;
}) {
  if (mode === "register") return <RegisterForm onSuccess={onRegistered} />;
  if (mode === "reset") return <ResetRequestForm onSuccess={onResetRequested} />;
  return (
    <LoginForm
      onSuccess={onSignedIn}
      onSwitchToRegister={onSwitchToRegister}
      onForgotPassword={onForgotPassword}
      onSecondFactor={onSecondFactor}
    />
  );
}
