// End-to-end tests in Debian's Chromium against the built server (CONTRIBUTING.md).
// `npm run test:e2e` builds first; the web server below then seeds a small demo catalogue into a
// fresh PGlite directory on its first run.
import { defineConfig } from "@playwright/test";

/** E2E_PORT lets two checkouts run their end-to-end tiers side by side. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
/** Deleted before every run, so each run starts from a freshly seeded catalogue. */
const DATA_DIR = `/tmp/studyatlas-e2e-data-${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  // axe scans and first renders are slow on our shared 2-core machines under load.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    // Never a downloaded browser: the system's Chromium, with the flags our machines need.
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    // Runs in this file's folder (apps/web).
    command: `rm -rf ${DATA_DIR} && node server/index.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      DATA_DIR,
      SEED_COURSES: "600",
      SEED_SCHOOLS: "60",
      LOG_LEVEL: "warn",
      // The tests read the verification and reset e-mails from the outbox (/dev/mailbox.json).
      DEV_MAILBOX: "true",
      // The suite signs up more accounts than one network may in an hour (the per-address limit):
      // the API fixtures come as distinct clients through a trusted loopback proxy
      // (tests/e2e/support/accounts.ts); the browser's own requests stay 127.0.0.1.
      TRUST_PROXY: "loopback",
      // Contact messages go here (tests/e2e/contact.spec.ts reads them from the outbox).
      SUPPORT_EMAIL: "support-inbox@studyatlas.test",
      // Unread replies are e-mailed after 10 s of quiet, looked for every 2 s
      // (tests/e2e/student-loop.spec.ts reads the digest from the outbox; ADR 057).
      NOTIFY_REPLY_QUIET_MS: "10000",
      NOTIFY_EVERY_MS: "2000",
      // The alert run every 2 s (tests/e2e/alerts.spec.ts waits for its e-mail).
      ALERTS_INTERVAL_SECONDS: "2",
      // The footer's outside links come from configuration (README "Configuration").
      NEWS_BLOG_URL: "https://blog.studyatlas.example",
      SOCIAL_FACEBOOK_URL: "https://www.facebook.com/studyatlas",
      SOCIAL_TWITTER_URL: "https://twitter.com/studyatlas",
      SOCIAL_INSTAGRAM_URL: "https://www.instagram.com/studyatlas",
      SOCIAL_YOUTUBE_URL: "https://www.youtube.com/@studyatlas",
      SOCIAL_TIKTOK_URL: "https://www.tiktok.com/@studyatlas",
      SOCIAL_LINKEDIN_URL: "https://www.linkedin.com/company/studyatlas",
      // Passkeys at /auth/v1 (tests/e2e/auth-service-passkeys.spec.ts, ADR 063): WebAuthn needs a
      // secure context, so the relying party is localhost, not 127.0.0.1.
      GOTRUE_PASSKEY_ENABLED: "true",
      GOTRUE_WEBAUTHN_RP_ID: "localhost",
      GOTRUE_WEBAUTHN_RP_DISPLAY_NAME: "StudyAtlas e2e",
      GOTRUE_WEBAUTHN_RP_ORIGINS: `http://localhost:${PORT}`,
    },
  },
});
