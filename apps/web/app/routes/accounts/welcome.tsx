// Welcome /welcome (docs/spec/accounts-and-details.md §2): the greeting with the first name, the tagline and
// 'Explore All Courses' to the course finder with an empty name and the country 'Where?'.
import { Link } from "react-router";

import { AuthPageLayout } from "../../features/accounts/auth-page-layout.tsx";
import formStyles from "../../components/form/form.module.css";
import { getSessionUser } from "../../context.ts";
import type { Route } from "./+types/welcome";
import styles from "./account-pages.module.css";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Welcome — StudyAtlas" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { firstName: getSessionUser(context)?.firstName ?? null };
}

export default function Welcome({ loaderData }: Route.ComponentProps) {
  return (
    <AuthPageLayout>
      <div className={styles.center}>
        <h1 className={styles.title}>
          {loaderData.firstName
            ? `Welcome to StudyAtlas, ${loaderData.firstName}!`
            : "Welcome to StudyAtlas!"}
        </h1>
        <p className={styles.lead}>
          Discover online programs and courses from top schools around the world
        </p>
        <Link to="/coursefinder?name=&country=Where?" className={formStyles.primary}>
          Explore All Courses
        </Link>
      </div>
    </AuthPageLayout>
  );
}
