// The unsubscribe page of an alert e-mail (docs/decisions/053-saved-searches-and-alerts.md): each
// alert of a digest links here with its own token. No sign-in: the token names the alert. Loading
// the page on the server changes nothing (link scanners are harmless); in the visitor's browser it
// stops that alert at once. Mail clients use the List-Unsubscribe header's POST (RFC 8058).
import { useEffect, useState } from "react";
import { Link } from "react-router";

import { ALERT_MESSAGES } from "@studyatlas/schemas/alerts.ts";

import { callApi } from "../../auth/account-api.ts";
import { PageHero } from "../../features/site-pages/page-hero.tsx";
import styles from "../../features/site-pages/site-pages.module.css";
import type { Route } from "./+types/alert-unsubscribe";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Stop an alert — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  return { token: token.length > 0 && token.length <= 200 ? token : "" };
}

type View =
  | { state: "working" }
  | { state: "done"; alerts: string[] }
  | { state: "invalid" }
  | { state: "failed" };

async function unsubscribeWith(token: string): Promise<View> {
  const answer = await callApi<{ alerts?: string[] }>("/api/alerts/unsubscribe", {
    json: { token },
  });
  if (answer.ok) return { state: "done", alerts: answer.data.alerts ?? [] };
  if (answer.status === 404 || answer.status === 400) return { state: "invalid" };
  return { state: "failed" };
}

export default function AlertUnsubscribe({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const [view, setView] = useState<View>(token ? { state: "working" } : { state: "invalid" });

  useEffect(() => {
    if (token) void unsubscribeWith(token).then(setView);
  }, [token]);

  return (
    <>
      <PageHero title="Alerts" lead="Stop an alert from StudyAtlas." />
      <section className={styles.section}>
        <div className={`${styles.container} ${styles.prose}`}>
          <p role="status" aria-live="polite" data-state={view.state}>
            {view.state === "working" ? "Stopping this alert…" : null}
            {view.state === "done"
              ? `${ALERT_MESSAGES.unsubscribed} ${view.alerts.join(", ")} will not e-mail you again.`
              : null}
            {view.state === "invalid" ? ALERT_MESSAGES.invalidUnsubscribeLink : null}
            {view.state === "failed"
              ? "We could not stop the alert just now. Please try the link again in a moment."
              : null}
          </p>
          {view.state !== "working" ? (
            <p>
              Your other alerts are unchanged. Manage them all in{" "}
              <Link to="/settings#saved-searches">your settings</Link>.
            </p>
          ) : null}
        </div>
      </section>
    </>
  );
}
