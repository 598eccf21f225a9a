// Settings' recovery codes (docs/decisions/050-recovery-codes-and-real-names.md): how many are
// left, the codes themselves shown once (when two-factor is turned on, or after renewing them with
// a fresh authenticator code), with copy and download, and never again.
import { useEffect, useRef, useState, type FormEvent } from "react";

import { SETTINGS_TOAST_MS } from "@studyatlas/schemas/account-rules.ts";
import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";
import { TotpCodeFormSchema } from "@studyatlas/schemas/mfa.ts";

import { accountApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { CodeField } from "../../components/two-factor/code-field.tsx";
import { codeErrorMessage } from "../../components/two-factor/two-factor-api.ts";
import { useToast } from "../../components/toast/toast-provider.tsx";
import styles from "./two-factor.module.css";

interface Status {
  issued: boolean;
  remaining: number;
}

/** A first set for an account that has none (two-factor just turned on): undefined on failure. */
export async function issueFirstRecoveryCodes(): Promise<string[] | undefined> {
  const answer = await accountApi<{ codes: string[] }>("recovery-codes", { json: {} });
  return answer.ok ? answer.data.codes : undefined;
}

function ShownCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const toast = useToast();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  const text = `StudyAtlas recovery codes (each works once)\n\n${codes.join("\n")}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div
      ref={box}
      className={styles.codesBox}
      tabIndex={-1}
      role="group"
      aria-labelledby="recovery-codes-shown-title"
    >
      <h3 id="recovery-codes-shown-title" className={styles.stepTitle}>
        Your recovery codes
      </h3>
      <p className={styles.intro}>
        Keep these somewhere safe, away from your phone: a password manager, or printed. If you lose
        your phone, each code signs you in once. They are shown only now.
      </p>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.buttons}>
        <button
          type="button"
          className={formStyles.secondary}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => toast.show("Codes copied.", { durationMs: SETTINGS_TOAST_MS }))
          }
        >
          Copy codes
        </button>
        <a
          className={formStyles.secondary}
          href={download}
          download="studyatlas-recovery-codes.txt"
        >
          Download codes
        </a>
        <button type="button" className={formStyles.primary} onClick={onSaved}>
          I have saved my codes
        </button>
      </div>
    </div>
  );
}

function RenewForm({
  onIssued,
  onCancel,
}: {
  onIssued: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrorsOf(TotpCodeFormSchema, { code });
    setFieldError(found.code);
    if (found.code) {
      input.current?.focus();
      return;
    }
    setPending(true);
    setError(undefined);
    const answer = await accountApi<{ codes: string[] }>("recovery-codes", { json: { code } });
    setPending(false);
    if (answer.ok) {
      onIssued(answer.data.codes);
      return;
    }
    setError(codeErrorMessage(answer.status, answer.data));
    setCode("");
    input.current?.focus();
  };

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <p id="recovery-renew-lead" className={styles.intro}>
        New codes replace the old ones, used or not. To confirm it is you, enter the 6-digit code
        your authenticator app shows now.
      </p>
      <CodeField
        ref={input}
        value={code}
        error={fieldError}
        describedBy="recovery-renew-lead"
        autoFocus
        onChange={(value) => {
          setCode(value);
          setFieldError(undefined);
        }}
      />
      {error && (
        <p className={formStyles.formError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={formStyles.primary} disabled={pending}>
          {pending ? "Creating..." : "Create new codes"}
        </button>
        <button type="button" className={formStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Shown while two-factor is on; `fresh` are codes just issued at enrolment, to show once. */
export function RecoveryCodes({
  fresh,
  onFreshSeen,
}: {
  fresh: string[] | undefined;
  onFreshSeen: () => void;
}) {
  const [status, setStatus] = useState<Status>();
  const [shown, setShown] = useState<string[]>();
  const [renewing, setRenewing] = useState(false);

  // Asked again whenever codes were shown (issued or renewed) and then put away.
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let current = true;
    void accountApi<Status>("recovery-codes").then((answer) => {
      if (current && answer.ok) {
        setStatus({ issued: answer.data.issued, remaining: answer.data.remaining });
      }
    });
    return () => {
      current = false;
    };
  }, [fresh, asked]);

  const codes = shown ?? fresh;
  return (
    <div className={styles.recovery} aria-labelledby="recovery-codes-title" role="group">
      <h3 id="recovery-codes-title" className={styles.stepTitle}>
        Recovery codes
      </h3>
      {codes ? (
        <ShownCodes
          codes={codes}
          onSaved={() => {
            setShown(undefined);
            onFreshSeen();
            setAsked((count) => count + 1);
          }}
        />
      ) : renewing ? (
        <RenewForm
          onIssued={(issued) => {
            setRenewing(false);
            setShown(issued);
          }}
          onCancel={() => setRenewing(false)}
        />
      ) : (
        <>
          <p className={styles.intro} data-testid="recovery-codes-left">
            {status === undefined
              ? "Checking your recovery codes…"
              : status.issued
                ? `${status.remaining} of 10 recovery codes left. Each signs you in once if you lose your phone.`
                : "You have no recovery codes yet. Create them so that a lost phone does not lock you out."}
          </p>
          {status !== undefined && (
            <div>
              <button
                type="button"
                className={formStyles.secondary}
                onClick={() => {
                  if (status.issued) {
                    setRenewing(true);
                    return;
                  }
                  void issueFirstRecoveryCodes().then((issued) => issued && setShown(issued));
                }}
              >
                {status.issued ? "Create new recovery codes" : "Create recovery codes"}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
