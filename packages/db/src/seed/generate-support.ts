// The generated catalogue the seed's tests check (generate-schools.test.ts,
// generate-courses.test.ts): the demo size, and a generator run of any size and seed.
import { createCourseGenerator, type CourseRecord } from "./courses.ts";
import { generateSchools, type SchoolRecord } from "./schools.ts";

export const COURSES = 6000;
export const SCHOOLS = 450;

export function generate(
  courses: number,
  schools: number,
  seed: number,
): { schools: SchoolRecord[]; courses: CourseRecord[] } {
  const schoolRows = generateSchools(schools, seed);
  const generator = createCourseGenerator(schoolRows, courses, seed);
  const courseRows: CourseRecord[] = [];
  for (let i = 0; i < courses; i++) courseRows.push(generator.next());
  return { schools: schoolRows, courses: courseRows };
}
