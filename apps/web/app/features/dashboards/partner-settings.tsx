// Where new leads go (docs/decisions/016-organisations-and-dashboards.md "Lead delivery"): the
// organisation's lead e-mail address and its webhook (URL, signing secret, a test event and the
// delivery log), so leads reach the partner's CRM.
import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";

import type { PartnerSettings, WebhookDeliveries } from "@studyatlas/schemas/dashboards.ts";

import { callApi } from "../../auth/account-api.ts";
import { FormField } from "../../components/form/form-field.tsx";
import formStyles from "../../components/form/form.module.css";
import styles from "./dashboard.module.css";

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });

const STATUS_TEXT = { delivered: "Delivered", retrying: "Retrying", failed: "Gave up" } as const;

export function PartnerSettingsPage({
  settings,
  deliveries,
}: {
  settings: PartnerSettings;
  deliveries: WebhookDeliveries;
}) {
  const actions = useSettingsActions();
  return (
    <>
      <h1 tabIndex={-1}>Lead delivery</h1>
      <LeadDeliveryForm settings={settings} actions={actions} />
      {settings.webhook_url && settings.webhook_secret && (
        <SigningSecret secret={settings.webhook_secret} actions={actions} />
      )}
      <DeliveryLog deliveries={deliveries} />
    </>
  );
}

type SettingsActions = ReturnType<typeof useSettingsActions>;

/** One call at a time; its answer shows under the form, then the page's data is read again. */
function useSettingsActions() {
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);

  const run = async (
    path: string,
    init: { method?: string; json?: unknown },
    done: string,
  ): Promise<void> => {
    setPending(true);
    setMessage(undefined);
    setFailure(undefined);
    const answer = await callApi(`/api/dashboard/partner/${path}`, init);
    setPending(false);
    if (!answer.ok) {
      setErrors(answer.data.errors ?? {});
      if (!answer.data.errors) setFailure(answer.data.detail ?? "Something went wrong.");
      return;
    }
    setErrors({});
    setMessage(done);
    await revalidator.revalidate();
  };
  return { run, errors, message, failure, pending };
}

function LeadDeliveryForm({
  settings,
  actions,
}: {
  settings: PartnerSettings;
  actions: SettingsActions;
}) {
  const [leadEmail, setLeadEmail] = useState(settings.lead_email ?? "");
  const [webhookUrl, setWebhookUrl] = useState(settings.webhook_url ?? "");
  const { run, errors, message, failure, pending } = actions;
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(
      "settings",
      { method: "PUT", json: { lead_email: leadEmail, webhook_url: webhookUrl } },
      "Saved.",
    );
  };
  return (
    <section className={styles.card} aria-labelledby="lead-delivery-form">
      <h2 id="lead-delivery-form">Where new leads go</h2>
      <form className={formStyles.form} onSubmit={save} noValidate>
        <FormField
          label="E-mail for new leads"
          type="email"
          value={leadEmail}
          onChange={(event) => setLeadEmail(event.target.value)}
          error={errors.lead_email?.[0]}
          hint="Every new application to your programmes is e-mailed here at once."
        />
        <FormField
          label="Webhook URL"
          type="url"
          value={webhookUrl}
          placeholder="https://crm.example.com/hooks/studyatlas"
          onChange={(event) => setWebhookUrl(event.target.value)}
          error={errors.webhook_url?.[0]}
          hint="Optional: each new lead is also posted here as JSON. Leave empty for none."
        />
        <button type="submit" className={formStyles.primary} disabled={pending}>
          {pending ? "Saving..." : "Save"}
        </button>
      </form>
      {message && (
        <p className={formStyles.formSuccess} role="status">
          {message}
        </p>
      )}
      {failure && (
        <p className={formStyles.formError} role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}

function SigningSecret({ secret, actions }: { secret: string; actions: SettingsActions }) {
  const { run, pending } = actions;
  return (
    <section className={styles.card} aria-labelledby="webhook-signing">
      <h2 id="webhook-signing">Signing secret</h2>
      <p>
        Each request carries <code>StudyAtlas-Signature: t=…,v1=…</code>: the HMAC-SHA256 of the
        timestamp, a full stop and the body, with this secret. Refuse requests whose signature does
        not match or whose timestamp is old.
      </p>
      <p>
        <code className={styles.secret}>{secret}</code>
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={formStyles.secondary}
          disabled={pending}
          onClick={() =>
            void run("settings/rotate-secret", { json: {} }, "A new secret is in use.")
          }
        >
          Rotate secret
        </button>
        <button
          type="button"
          className={formStyles.secondary}
          disabled={pending}
          onClick={() =>
            void run("webhook-deliveries/test", { json: {} }, "A test event is on its way.")
          }
        >
          Send a test event
        </button>
      </div>
    </section>
  );
}

function DeliveryLog({ deliveries }: { deliveries: WebhookDeliveries }) {
  return (
    <section className={styles.card} aria-labelledby="webhook-log">
      <h2 id="webhook-log">Delivery log</h2>
      {deliveries.length === 0 ? (
        <p className={styles.muted}>No deliveries yet.</p>
      ) : (
        <table className={`${styles.table} ${styles.stacked}`}>
          <caption className={styles.visuallyHidden}>Webhook deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Queued</th>
              <th scope="col">Attempts</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td>{delivery.event}</td>
                <td>{timeOf(delivery.created_at)}</td>
                <td>{delivery.attempts}</td>
                <td>
                  {STATUS_TEXT[delivery.status]}
                  {delivery.last_error && (
                    <>
                      <br />
                      <span className={styles.muted}>{delivery.last_error}</span>
                    </>
                  )}
                  {delivery.status === "retrying" && delivery.next_attempt_at && (
                    <>
                      <br />
                      <span className={styles.muted}>
                        Next try {timeOf(delivery.next_attempt_at)}
                      </span>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
