import { getServices } from "../context.ts";
import { listCourses, resolveCourseListRequest } from "@studyatlas/core/catalogue/courses.ts";
import { CourseListQuerySchema } from "@studyatlas/schemas/catalogue.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const request = await resolveCourseListRequest(db, CourseListQuerySchema.parse({ featured: "true" }));
  return listCourses(db, request);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <input placeholder="What do you want to study?" />
      <p>{loaderData.count} featured</p>
    </main>
  );
}
