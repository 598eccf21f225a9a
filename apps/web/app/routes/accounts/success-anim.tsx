// Success /success-anim (docs/spec/accounts-and-details.md §2 route table: "success animation
// (content not shown)", one of the pages without header and footer): the success animation the
// sign-in flow's modal plays, as a page of its own, with the way on. No flow of the spec names it
// as a destination, so it redirects nowhere by itself (docs/spec-notes.md).
import { Link } from "react-router";

import formStyles from "../../components/form/form.module.css";
import { AuthPageLayout } from "../../features/accounts/auth-page-layout.tsx";
import { SuccessAnimation } from "../../features/accounts/success-animation.tsx";
import type { Route } from "./+types/success-anim";
import styles from "./account-pages.module.css";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Success — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export default function SuccessAnim() {
  return (
    <AuthPageLayout>
      <div className={styles.center}>
        <SuccessAnimation />
        <h1 className={styles.title}>Success!</h1>
        <p className={styles.lead}>All done. Where would you like to go next?</p>
        <div className={styles.actions}>
          <Link to="/" className={formStyles.primary}>
            Go to the home page
          </Link>
          <Link to="/coursefinder" className={formStyles.secondary}>
            Find a programme
          </Link>
        </div>
      </div>
    </AuthPageLayout>
  );
}
