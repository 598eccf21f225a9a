// The one-click unsubscribe page every newsletter e-mail links to (ADR 007). No
// sign-in: the link's random token names the subscription. Loading the page changes nothing (so
// link scanners that only fetch it are harmless); once the page runs in the visitor's browser it
// unsubscribes at once, so one click on the link is enough. A second visit says the address is
// already unsubscribed. Mail clients use the List-Unsubscribe header's POST instead (RFC 8058).
import { useEffect, useState } from "react";
import { Link } from "react-router";

import { checkUnsubscribeToken } from "@studyatlas/core/newsletter/newsletter.ts";
import { NEWSLETTER_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";

import { callApi } from "../../auth/account-api.ts";
import { PageHero } from "../../features/site-pages/page-hero.tsx";
import styles from "../../features/site-pages/site-pages.module.css";
import { getServices } from "../../context.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Unsubscribe — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  if (!token || token.length > 200) return { token: "", state: "invalid" as const };
  const state = await checkUnsubscribeToken(getServices(context).db, token);
  return { token, state: state === "unsubscribed" ? ("pending" as const) : state };
}

type View = "pending" | "working" | "unsubscribed" | "already_unsubscribed" | "invalid" | "failed";

const TEXT: Record<Exclude<View, "pending" | "working">, string> = {
  unsubscribed: NEWSLETTER_MESSAGES.unsubscribed,
  already_unsubscribed: NEWSLETTER_MESSAGES.alreadyUnsubscribed,
  invalid: NEWSLETTER_MESSAGES.invalidUnsubscribeLink,
  failed: "We could not unsubscribe you just now. Please try the link again in a moment.",
};

async function unsubscribeWith(token: string): Promise<View> {
  const answer = await callApi<{ status?: string }>("/api/subscription/unsubscribe", {
    json: { token },
  });
  if (
    answer.ok &&
    (answer.data.status === "unsubscribed" || answer.data.status === "already_unsubscribed")
  ) {
    return answer.data.status;
  }
  if (answer.status === 404 || answer.status === 400) return "invalid";
  return "failed";
}

export default function NewsletterUnsubscribe({ loaderData }: Route.ComponentProps) {
  const { token, state } = loaderData;
  const [view, setView] = useState<View>(state);

  // Once per link, in the visitor's browser.
  useEffect(() => {
    if (state === "pending") void unsubscribeWith(token).then(setView);
  }, [token, state]);

  const run = () => {
    setView("working");
    void unsubscribeWith(token).then(setView);
  };

  const busy = view === "pending" || view === "working";
  return (
    <>
      <PageHero title="Newsletter" lead="Manage your StudyAtlas newsletter subscription." />
      <section className={styles.section}>
        <div className={`${styles.container} ${styles.prose}`}>
          <p role="status" aria-live="polite" data-state={view}>
            {busy ? "Unsubscribing you from the newsletter…" : TEXT[view]}
          </p>
          {view === "failed" && (
            <button type="button" className={styles.cta} onClick={run}>
              Unsubscribe
            </button>
          )}
          {!busy && (
            <p>
              Changed your mind? You can subscribe again on the <Link to="/">home page</Link> at any
              time.
            </p>
          )}
        </div>
      </section>
    </>
  );
}
