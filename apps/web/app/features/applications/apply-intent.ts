// "Sign in to apply" remembers the programme in this tab (sessionStorage), so once the visitor has
// signed in the form reopens on it (docs/decisions/057-student-loop.md).
const KEY = "studyatlas:apply-after-sign-in";

export function rememberApplyIntent(courseId: number): void {
  try {
    window.sessionStorage.setItem(KEY, String(courseId));
  } catch {
    // Storage refused (private mode): the student presses Apply Now again.
  }
}

/** Whether the tab wanted to apply to `courseId`; the wish is used up either way. */
export function takeApplyIntent(courseId: number): boolean {
  try {
    const wanted = window.sessionStorage.getItem(KEY);
    if (wanted !== String(courseId)) return false;
    window.sessionStorage.removeItem(KEY);
    return true;
  } catch {
    return false;
  }
}
