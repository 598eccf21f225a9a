// Passkeys at /auth/v1 in Chromium (docs/decisions/063-webauthn-and-passkeys.md): a virtual
// authenticator (the DevTools protocol's WebAuthn domain) registers a passkey through the
// browser's own navigator.credentials, and signs in with it, as an app using auth-js does. The
// server runs with GOTRUE_PASSKEY_ENABLED and localhost as its relying party (playwright.config.ts);
// WebAuthn needs a secure context, which http://localhost is and 127.0.0.1 is not for an RP id.
import { expect, test } from "@playwright/test";

import { PASSWORD, mailedLink, registerUser } from "./support/accounts.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const ORIGIN = `http://localhost:${PORT}`;

/** What the auth service answers, as far as the test reads it. */
interface Answer {
  access_token?: string;
  challenge_id?: string;
  options?: unknown;
  email?: string;
  id?: string;
  code?: string;
}

interface Outcome {
  registered: { id?: string; code?: string };
  signedInAs?: string;
  replay: { code?: string };
}

test("a passkey made by the browser's authenticator signs the user in", async ({ page }) => {
  const email = await registerUser();
  await page.goto(await mailedLink(page.request, email, "verification"));
  // The page confirms the address once it has loaded: wait for it before signing in.
  await expect(page.getByRole("heading", { name: "E-mail verified" })).toBeVisible();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto(`${ORIGIN}/`);
  const outcome = await page.evaluate(
    async ({ email, password }): Promise<Outcome> => {
      const json = async (path: string, body: unknown, token?: string): Promise<Answer> => {
        const response = await fetch(`/auth/v1${path}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            // GoTrue's current error shape ({code, message}), as auth-js asks for it.
            "x-supabase-api-version": "2024-01-01",
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
        return (await response.json()) as Answer;
      };
      const session = await json("/token?grant_type=password", { email, password });
      const start = await json("/passkeys/registration/options", {}, session.access_token);
      if (!start.options) throw new Error(`no registration options: ${JSON.stringify(start)}`);
      const created = (await navigator.credentials.create({
        publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(
          start.options as PublicKeyCredentialCreationOptionsJSON,
        ),
      })) as PublicKeyCredential;
      const registered = await json(
        "/passkeys/registration/verify",
        { challenge_id: start.challenge_id, credential: created.toJSON() },
        session.access_token,
      );

      // Signed out: a discoverable sign-in, the authenticator picks the passkey and its user.
      const ask = await json("/passkeys/authentication/options", {});
      const assertion = (await navigator.credentials.get({
        publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(
          ask.options as PublicKeyCredentialRequestOptionsJSON,
        ),
      })) as PublicKeyCredential;
      const answer = { challenge_id: ask.challenge_id, credential: assertion.toJSON() };
      const signedIn = await json("/passkeys/authentication/verify", answer);
      const me = await fetch("/auth/v1/user", {
        headers: { authorization: `Bearer ${signedIn.access_token}` },
      }).then(async (response) => (await response.json()) as Answer);
      const replay = await json("/passkeys/authentication/verify", answer);
      return { registered, signedInAs: me.email, replay };
    },
    { email, password: PASSWORD },
  );

  expect(outcome.registered.code).toBeUndefined();
  expect(outcome.registered.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(outcome.signedInAs).toBe(email);
  expect(outcome.replay.code).toBe("webauthn_challenge_not_found");

  // The browser's authenticator holds the resident key it made for this site.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.rpId).toBe("localhost");
  expect(credentials[0]?.isResidentCredential).toBe(true);
});
