// `npm run users:create-sales -- --email you@example.com [--first-name Sasha] [--last-name Sales]`:
// the first sales agent. Later agents are invited from the sales dashboard. The
// account has no password: the e-mailed link (kept in the outbox and printed here when SMTP_URL is
// unset) lets its owner choose one. Uses the same database and mail settings as the server.
import { parseArgs } from "node:util";

import { createFirstSalesAgent } from "@studyatlas/core/dashboards/sales-agents.ts";
import { DomainError } from "@studyatlas/core/errors.ts";
import { openDatabase } from "@studyatlas/db/client.ts";

import { loadProcessConfig } from "../config.ts";
import { createMailer } from "../services/mail.ts";

const USAGE =
  "Usage: npm run users:create-sales -- --email you@example.com [--first-name Sasha] [--last-name Sales]";

async function main(): Promise<number> {
  let values: { email?: string; "first-name"?: string; "last-name"?: string };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.email) {
    console.error(USAGE);
    return 2;
  }
  const config = loadProcessConfig("production");
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const silent = { info: () => undefined, error: console.error } as never;
    const { user, link } = await createFirstSalesAgent(database.db, {
      email: values.email,
      firstName: values["first-name"] ?? "Sales",
      lastName: values["last-name"] ?? "Agent",
      mailer: createMailer(database.db, config.mail, silent),
      publicBaseUrl: config.publicBaseUrl,
    });
    console.log(`Sales agent ${user.email} created (user id ${user.id}).`);
    console.log(
      config.mail.smtpUrl
        ? "A link to choose a password was e-mailed (valid one hour)."
        : `Choose a password within the hour: ${link}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
