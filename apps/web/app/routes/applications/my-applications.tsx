// My applications /applications (docs/decisions/057-student-loop.md). Visitors who are not signed
// in are sent to sign in first.
import { redirect } from "react-router";

import { loadMyApplicationsPage } from "@studyatlas/core/applications/my-applications.ts";

import { getServices, getSessionUser } from "../../context.ts";
import {
  ApplicantProfileForm,
  MyApplicationsList,
} from "../../features/applications/my-applications.tsx";
import styles from "../../features/applications/my-applications.module.css";
import type { Route } from "./+types/my-applications";

export function meta(): Route.MetaDescriptors {
  return [{ title: "My applications — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = getSessionUser(context);
  if (!user) throw redirect("/auth?next=/applications");
  return loadMyApplicationsPage(getServices(context).db, user.id);
}

export default function MyApplications({ loaderData }: Route.ComponentProps) {
  const { applications, profile, countries } = loaderData;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>My applications</h1>
      <p className={styles.lead}>
        Where each application stands, as the school tells us, and the chat with your advisor.
      </p>
      <MyApplicationsList applications={applications} />
      <ApplicantProfileForm profile={profile} countries={countries} />
    </div>
  );
}
