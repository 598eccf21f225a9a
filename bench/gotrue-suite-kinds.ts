// The suites `bench:gotrue-suites` knows (supabase/auth-js's archived `test/` with its four
// docker-compose servers, supabase/supabase-js's `packages/core/auth-js` with the CLI's one server):
// how to recognise a checkout, the servers each expects and their settings, and how its
// clients.ts is pointed at ours for a run.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// Upstream's test servers' phones (docker-compose.yml): on, with a Twilio provider whose API is
// an address nothing listens on here, so a text fails as theirs (empty credentials) does.
const SUITE_PHONES: Record<string, string> = {
  GOTRUE_EXTERNAL_PHONE_ENABLED: "true",
  GOTRUE_SMS_PROVIDER: "twilio",
  GOTRUE_SMS_TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
  GOTRUE_SMS_TWILIO_AUTH_TOKEN: "gotrue-suites",
  GOTRUE_SMS_TWILIO_MESSAGE_SERVICE_SID: "MG00000000000000000000000000000000",
  SMS_TWILIO_BASE_URL: "http://127.0.0.1:9",
};

// The CLI suite's server (its test/supabase/config.toml): phone sign-ups on without
// confirmations, no SMS provider but its test number, the phone factor on, one text a second.
const CLI_PHONES: Record<string, string> = {
  GOTRUE_EXTERNAL_PHONE_ENABLED: "true",
  GOTRUE_SMS_AUTOCONFIRM: "true",
  GOTRUE_SMS_MAX_FREQUENCY: "1s",
  GOTRUE_SMS_TEMPLATE: "Your code is {{ .Code }}",
  GOTRUE_SMS_TEST_OTP: "1234567890:123456",
  GOTRUE_RATE_LIMIT_SMS_SENT: "100",
  GOTRUE_MFA_PHONE_ENROLL_ENABLED: "true",
  GOTRUE_MFA_PHONE_VERIFY_ENABLED: "true",
  GOTRUE_MFA_PHONE_OTP_LENGTH: "6",
  GOTRUE_MFA_PHONE_MAX_FREQUENCY: "1s",
};

export interface Instance {
  name: string;
  env: Record<string, string>;
}

export interface Suite {
  kind: "auth-js docker" | "supabase-js cli";
  /** The folder jest runs in. */
  runDirectory: string;
  /** The package whose dev dependencies the suite needs. */
  packageDirectory: string;
  clients: string;
  instances: Instance[];
  /** AUTH_REDIRECT_URLS: the suite's GoTrue SITE_URL and URI allow list. */
  redirectUrls: string;
  /** Rewrites clients.ts: each instance's URL, then the secret and keys. */
  rewrite(source: string, urls: Map<string, string>, secret: string): string;
  jestArguments: string[];
  /** A JWKS file of the suite's (the CLI's signing_keys_path): its servers' GOTRUE_JWT_KEYS. */
  keysFile?: string;
}

function replaceOrFail(source: string, pattern: RegExp | string, replacement: string): string {
  const next = source.replace(pattern, replacement);
  if (next === source) throw new Error(`clients.ts no longer has ${String(pattern)}`);
  return next;
}

export function detectSuite(checkout: string): Suite {
  const archived = path.join(checkout, "test/lib/clients.ts");
  if (
    existsSync(archived) &&
    readFileSync(archived, "utf8").includes("SIGNUP_ENABLED_AUTO_CONFIRM_OFF_PORT")
  ) {
    return {
      kind: "auth-js docker",
      runDirectory: path.join(checkout, "test"),
      packageDirectory: checkout,
      clients: archived,
      // docker-compose.yml's servers differ in these two settings only; its SITE_URL and
      // URI_ALLOW_LIST are where redirects may go.
      redirectUrls: "http://localhost:9999/**,https://supabase.io/docs/**",
      // Anonymous sign-ins are on in the 9998 server only; the 9996 one signs RS256 (its
      // GOTRUE_JWT_KEYS), here with a key of our own set (AUTH_SIGNING_ALGORITHM, ADR 062).
      // Phones as docker-compose.yml sets them (ADR 064): SMS autoconfirm where e-mail's is on.
      instances: [
        {
          name: "on",
          env: {
            GOTRUE_MAILER_AUTOCONFIRM: "true",
            ...SUITE_PHONES,
            GOTRUE_SMS_AUTOCONFIRM: "true",
          },
        },
        {
          name: "off",
          env: {
            GOTRUE_MAILER_AUTOCONFIRM: "false",
            GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: "false",
            ...SUITE_PHONES,
            GOTRUE_SMS_AUTOCONFIRM: "false",
          },
        },
        {
          name: "disabled",
          env: {
            GOTRUE_MAILER_AUTOCONFIRM: "false",
            GOTRUE_DISABLE_SIGNUP: "true",
            GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: "false",
            GOTRUE_EXTERNAL_PHONE_ENABLED: "false",
          },
        },
        {
          name: "asymmetric",
          env: {
            GOTRUE_MAILER_AUTOCONFIRM: "true",
            GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: "false",
            AUTH_SIGNING_ALGORITHM: "RS256",
            ...SUITE_PHONES,
            GOTRUE_SMS_AUTOCONFIRM: "true",
          },
        },
      ],
      rewrite(source, urls, secret) {
        const url = (name: string) => urls.get(name) ?? "";
        let next = source;
        for (const [constant, name] of [
          ["GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_OFF", "off"],
          ["GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON", "on"],
          ["GOTRUE_URL_SIGNUP_ENABLED_ASYMMETRIC_AUTO_CONFIRM_ON", "asymmetric"],
          ["GOTRUE_URL_SIGNUP_DISABLED_AUTO_CONFIRM_OFF", "disabled"],
        ] as const) {
          next = replaceOrFail(
            next,
            new RegExp(`export const ${constant} = [^\\n]+`),
            `export const ${constant} = '${url(name)}'`,
          );
        }
        return replaceOrFail(
          next,
          /export const GOTRUE_JWT_SECRET = '[^']*'/,
          `export const GOTRUE_JWT_SECRET = '${secret}'`,
        );
      },
      jestArguments: ["--runInBand"],
    };
  }
  const candidates = [checkout, path.join(checkout, "packages/core/auth-js")];
  const cliRoot = candidates.find((candidate) =>
    existsSync(path.join(candidate, "jest.config.cli.js")),
  );
  if (cliRoot) {
    return {
      kind: "supabase-js cli",
      runDirectory: cliRoot,
      packageDirectory: cliRoot,
      clients: path.join(cliRoot, "test/lib/clients.ts"),
      // config.toml's site_url and additional_redirect_urls.
      redirectUrls: "http://127.0.0.1:3000/**,https://127.0.0.1:3000/**,http://localhost:5173/**",
      instances: [{ name: "on", env: CLI_PHONES }],
      rewrite(source, urls, secret) {
        const next = replaceOrFail(
          source,
          /export const GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON = [^\n]+/,
          `export const GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON = '${urls.get("on") ?? ""}'`,
        );
        // The CLI's API keys stay as they are: RS256 with its signing key, which the server is
        // given as GoTrue is, in GOTRUE_JWT_KEYS (keysFile, ADR 062).
        return replaceOrFail(
          next,
          /export const GOTRUE_JWT_SECRET = '[^']*'/,
          `export const GOTRUE_JWT_SECRET = '${secret}'`,
        );
      },
      keysFile: path.join(cliRoot, "test/supabase/signing_keys.json"),
      jestArguments: ["--config", "jest.config.cli.js", "--runInBand"],
    };
  }
  throw new Error(
    `${checkout} is neither a supabase/auth-js checkout (test/lib/clients.ts) nor a supabase/supabase-js one (packages/core/auth-js/jest.config.cli.js)`,
  );
}
