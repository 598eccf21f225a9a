// Signed-out visitors' way in. The spec's Sign in opens the sign-in modal (discovery.md §2
// Header); until the accounts increment brings that modal, it leads to the combined /auth page
// (docs/spec-notes.md, Shell). The modal replaces this one component.
import { Link } from "react-router";

export function SignInLink({ className }: { className?: string }) {
  return (
    <Link to="/auth" className={className}>
      Sign in
    </Link>
  );
}
