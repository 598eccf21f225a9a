// Signed-out visitors' way in: Sign in opens the sign-in modal (docs/spec/discovery.md §2 Header). It is a
// link to the combined /auth page underneath, so it also works before the page has hydrated.
import { useSignInPrompt } from "../../auth/session-context.tsx";

export function SignInLink({ className }: { className?: string }) {
  const openSignIn = useSignInPrompt();
  return (
    <a
      href="/auth"
      className={className}
      onClick={(event) => {
        event.preventDefault();
        openSignIn();
      }}
    >
      Sign in
    </a>
  );
}
