// Settings' 'Notifications' section (docs/decisions/057-student-loop.md): whether unread advisor
// replies are e-mailed (one digest after a quiet period) and whether status changes are, saved as
// soon as a box changes; and Web Push for this browser when the server has VAPID keys.
import { useEffect, useState } from "react";

import type { NotificationSettings } from "@studyatlas/schemas/my-applications.ts";

import { callApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { currentPushSubscription, pushSupported, turnPushOff, turnPushOn } from "./web-push.ts";
import styles from "./notification-settings.module.css";

type Answer = NotificationSettings & { push_public_key: string | null };

const LABELS: Record<keyof NotificationSettings, string> = {
  reply_emails: "E-mail me when my advisor replies and I have not read it",
  status_emails: "E-mail me when a school changes the status of my application",
};

function PushToggle({ publicKey }: { publicKey: string }) {
  const [on, setOn] = useState<boolean | undefined>(undefined);
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void currentPushSubscription().then((subscription) => setOn(subscription !== null));
  }, []);
  if (on === undefined) return null;
  const toggle = async () => {
    setBusy(true);
    setMessage("");
    if (on) {
      await turnPushOff();
      setOn(false);
    } else {
      const problem = await turnPushOn(publicKey);
      if (problem) setMessage(problem);
      else setOn(true);
    }
    setBusy(false);
  };
  return (
    <div className={styles.push}>
      <p className={styles.hint}>
        Browser notifications on this device: <strong>{on ? "on" : "off"}</strong>
      </p>
      <button
        type="button"
        className={formStyles.secondary}
        disabled={busy}
        onClick={() => void toggle()}
      >
        {on ? "Turn off browser notifications" : "Turn on browser notifications"}
      </button>
      {message && (
        <p className={formStyles.formError} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

export function NotificationSettingsSection({
  className,
  titleClassName,
}: {
  className?: string | undefined;
  titleClassName?: string | undefined;
}) {
  const [settings, setSettings] = useState<Answer | undefined>(undefined);
  const [status, setStatus] = useState<{ kind: "saved" | "error"; text: string }>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void callApi<Answer>("/api/notifications/settings").then((answer) => {
      if (answer.ok) setSettings(answer.data);
      else setFailed(true);
    });
  }, []);

  const change = async (name: keyof NotificationSettings, value: boolean) => {
    if (!settings) return;
    const next = { reply_emails: settings.reply_emails, status_emails: settings.status_emails };
    next[name] = value;
    setSettings({ ...settings, [name]: value });
    setStatus(undefined);
    const answer = await callApi<Answer & { message?: string }>("/api/notifications/settings", {
      method: "PUT",
      json: next,
    });
    if (answer.ok) {
      setSettings(answer.data);
      setStatus({ kind: "saved", text: "Your notification settings are saved." });
    } else {
      setSettings(settings);
      setStatus({
        kind: "error",
        text: answer.data.message ?? "Your settings could not be saved.",
      });
    }
  };

  return (
    <section className={className} aria-labelledby="notifications-title">
      <h2 id="notifications-title" className={titleClassName}>
        Notifications
      </h2>
      {failed && (
        <p className={formStyles.formError} role="alert">
          Your notification settings could not be loaded. Please reload the page.
        </p>
      )}
      {settings && (
        <fieldset className={styles.options}>
          <legend className="visually-hidden">E-mail notifications</legend>
          {(Object.keys(LABELS) as (keyof NotificationSettings)[]).map((name) => (
            <label key={name} className={styles.option}>
              <input
                type="checkbox"
                name={name}
                checked={settings[name]}
                onChange={(event) => void change(name, event.target.checked)}
              />
              <span>{LABELS[name]}</span>
            </label>
          ))}
        </fieldset>
      )}
      {status && (
        <p
          className={status.kind === "saved" ? formStyles.formSuccess : formStyles.formError}
          role={status.kind === "saved" ? "status" : "alert"}
        >
          {status.text}
        </p>
      )}
      {settings?.push_public_key && pushSupported() && (
        <PushToggle publicKey={settings.push_public_key} />
      )}
    </section>
  );
}
