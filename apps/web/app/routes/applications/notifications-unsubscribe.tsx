// The one-click unsubscribe page of the student's notification e-mails (ADR 057, like the
// newsletter's, ADR 007). No sign-in: the link's random token names the student. Loading the page
// changes nothing on the server (link scanners that only fetch it are harmless); once it runs in
// the visitor's browser it turns that kind of e-mail off. Mail clients POST the List-Unsubscribe
// header's address instead (RFC 8058).
import { useEffect, useState } from "react";
import { Link } from "react-router";

import { NOTIFICATION_MESSAGES } from "@studyatlas/schemas/my-applications.ts";

import { callApi } from "../../auth/account-api.ts";
import { PageHero } from "../../features/site-pages/page-hero.tsx";
import styles from "../../features/site-pages/site-pages.module.css";
import type { Route } from "./+types/notifications-unsubscribe";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Unsubscribe — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return {
    token: (query.get("token") ?? "").slice(0, 100),
    kind: (query.get("kind") ?? "").slice(0, 20),
  };
}

type View = "working" | "unsubscribed" | "already_unsubscribed" | "invalid" | "failed";

const TEXT: Record<Exclude<View, "working">, string> = {
  unsubscribed: NOTIFICATION_MESSAGES.unsubscribed,
  already_unsubscribed: NOTIFICATION_MESSAGES.alreadyUnsubscribed,
  invalid: NOTIFICATION_MESSAGES.invalidLink,
  failed: "We could not turn these e-mails off just now. Please try the link again in a moment.",
};

async function unsubscribeWith(token: string, kind: string): Promise<View> {
  const answer = await callApi<{ status?: string }>("/api/notifications/unsubscribe", {
    json: { token, kind },
  });
  const status = answer.data.status;
  if (answer.ok && (status === "unsubscribed" || status === "already_unsubscribed")) return status;
  if (answer.status === 404 || answer.status === 400) return "invalid";
  return "failed";
}

export default function NotificationsUnsubscribe({ loaderData }: Route.ComponentProps) {
  const { token, kind } = loaderData;
  const [view, setView] = useState<View>("working");
  useEffect(() => {
    void unsubscribeWith(token, kind).then(setView);
  }, [token, kind]);
  const what = kind === "status" ? "application status e-mails" : "e-mails about unread replies";
  return (
    <>
      <PageHero title="Notifications" lead={`Turn off ${what}.`} />
      <section className={styles.section}>
        <div className={`${styles.container} ${styles.prose}`}>
          <p role="status" aria-live="polite" data-state={view}>
            {view === "working" ? "Turning these e-mails off…" : TEXT[view]}
          </p>
          {view !== "working" && (
            <p>
              Choose which e-mails you get in your <Link to="/settings">account settings</Link>.
            </p>
          )}
        </div>
      </section>
    </>
  );
}
