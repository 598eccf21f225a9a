// The home page's newsletter block, desktop only (docs/spec/discovery.md §2 Home item 6, §4 "Newsletter",
// §5, §8): an e-mail field checked with the spec's rule ('Email is not valid!'); a valid address
// opens the 'Complete your subscription' dialog for first and last name ('Confirm Subscription');
// on 201 'Successfully subscribed!' shows, the e-mail field clears and the dialog closes; on
// failure the §8 message shows and the dialog closes. An address already subscribed gets the same
// answer (the server never tells whether an address is on the list).
import { useId } from "react";

import { SubscriptionDialog } from "./subscription-dialog.tsx";
import styles from "./newsletter-block.module.css";
import { useNewsletterSubscription } from "./use-newsletter-subscription.ts";

export function NewsletterBlock() {
  const id = useId();
  const subscription = useNewsletterSubscription();
  const { email, emailError, outcome } = subscription;

  return (
    <section className={styles.block} aria-labelledby={`${id}-title`}>
      <div className={styles.inner}>
        <div className={styles.copy}>
          <h2 id={`${id}-title`} className={styles.title}>
            Stay ahead with our newsletter
          </h2>
          <p className={styles.lead}>
            New online programmes, scholarships and application tips, about once a month.
            Unsubscribe with one click at any time.
          </p>
        </div>
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => void subscription.openDialog(event)}
        >
          <label htmlFor={`${id}-email`} className="visually-hidden">
            Email address
          </label>
          <div className={styles.row}>
            <input
              id={`${id}-email`}
              className={styles.input}
              type="email"
              name="email"
              required
              autoComplete="email"
              placeholder="Enter your email address"
              value={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              onChange={(event) => subscription.changeEmail(event.target.value)}
            />
            <button type="submit" className={styles.submit}>
              Subscribe
            </button>
          </div>
          {emailError && (
            <p id={`${id}-email-error`} className={styles.fieldError}>
              {emailError}
            </p>
          )}
          <p className={styles.outcome} role="status" data-kind={outcome?.kind}>
            {outcome?.text}
          </p>
        </form>
      </div>
      <SubscriptionDialog id={id} subscription={subscription} />
    </section>
  );
}
