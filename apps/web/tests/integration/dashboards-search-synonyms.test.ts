// The finder's synonyms in the dashboards (docs/decisions/044-synonyms-as-data.md), on both
// engines: who may read and write them, the editor's validation with its messages (never a 500),
// duplicates refused even when ten identical creates race, every change in the audit log, and an
// edit on one app reaching a second app's copy of the list within a second without renewing its
// finder index.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { currentSynonyms } from "@studyatlas/core/finder/synonyms.ts";
import { openDatabase, type DatabaseHandle } from "@studyatlas/db/client.ts";
import {
  SYNONYM_MESSAGES,
  SynonymListSchema,
  SynonymSchema,
  type Synonym,
} from "@studyatlas/schemas/search-synonyms.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import type { Browser } from "./account-client.ts";
import { apiUser } from "./chat-support.ts";
import { programmePartner, signInSales, type ProgrammePartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let address = 1;
const nextIp = () => `10.44.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

const SALES_PATH = "/api/dashboard/sales/search-synonyms";
const PARTNER_PATH = "/api/dashboard/partner/search-synonyms";

let t: TestApp;
let sales: Browser;
let partner: ProgrammePartner;

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  sales = await signInSales(t, nextIp);
  partner = await programmePartner(t, nextIp);
});
afterAll(async () => {
  await t?.close();
});

async function create(body: unknown) {
  return sales.call("POST", SALES_PATH, { body });
}

async function created(body: unknown): Promise<Synonym> {
  const answer = await create(body);
  expect(answer.statusCode, answer.body).toBe(201);
  return SynonymSchema.parse(answer.json());
}

async function auditOf(id: number) {
  const { rows } = await t.database.query<{
    action: string;
    entity_name: string;
    actor_role: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown>;
  }>(
    `select action, entity_name, actor_role, before, after from audit_log
     where entity = 'synonym' and entity_id = $1 order by id`,
    [id],
  );
  return rows;
}

describe("who may see and edit the synonyms", () => {
  it("lists the curated list to sales agents and to partners", async () => {
    const forSales = await sales.call("GET", SALES_PATH);
    expect(forSales.statusCode, forSales.body).toBe(200);
    const list = SynonymListSchema.parse(forSales.json());
    expect(list.total).toBeGreaterThanOrEqual(80);
    expect(list.results).toContainEqual(
      expect.objectContaining({
        kind: "two-way",
        input: null,
        words: ["mba", "master of business administration"],
        updated_by: null,
      }),
    );
    const forPartner = await partner.browser.call("GET", PARTNER_PATH);
    expect(forPartner.statusCode, forPartner.body).toBe(200);
    expect(SynonymListSchema.parse(forPartner.json()).total).toBe(list.total);
    expect(forPartner.headers["cache-control"]).toBe("no-store");
  });

  it("filters the list by a word, the input or the note", async () => {
    const answer = await sales.call("GET", `${SALES_PATH}?q=psych`);
    const list = SynonymListSchema.parse(answer.json());
    expect(list.results.length).toBeGreaterThan(0);
    expect(list.results.length).toBeLessThan(list.total);
    for (const entry of list.results) {
      expect(`${entry.input ?? ""} ${entry.words.join(" ")} ${entry.note ?? ""}`).toContain(
        "psych",
      );
    }
    const none = SynonymListSchema.parse(
      (await sales.call("GET", `${SALES_PATH}?q=${encodeURIComponent("%_\\")}`)).json(),
    );
    expect(none.results).toEqual([]);
  });

  it("lets a partner read only: the sales paths answer 403, writes on its own path 404", async () => {
    const body = { kind: "one-way", input: "uni", words: ["university"] };
    const denied = [
      await partner.browser.call("GET", SALES_PATH),
      await partner.browser.call("POST", SALES_PATH, { body }),
      await partner.browser.call("PUT", `${SALES_PATH}/1`, { body }),
      await partner.browser.call("DELETE", `${SALES_PATH}/1`),
    ];
    for (const answer of denied) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json<{ code: string }>().code).toBe("wrong_role");
    }
    for (const method of ["POST", "PUT", "DELETE"]) {
      const path = method === "POST" ? PARTNER_PATH : `${PARTNER_PATH}/1`;
      const answer = await partner.browser.call(method, path, { body });
      expect(answer.statusCode, `${method} ${answer.body}`).toBe(404);
    }
  });

  it("shows a partner of a pending organisation nothing", async () => {
    const pending = await programmePartner(t, nextIp, false);
    const answer = await pending.browser.call("GET", PARTNER_PATH);
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json<{ code: string }>().code).toBe("organisation_pending");
  });

  it("answers 401 to a signed-out caller and 403 to a student", async () => {
    for (const path of [SALES_PATH, PARTNER_PATH]) {
      const anonymous = await t.app.inject({ url: path });
      expect(anonymous.statusCode).toBe(401);
    }
    const posted = await t.app.inject({
      method: "POST",
      url: SALES_PATH,
      payload: { kind: "one-way", input: "uni", words: ["university"] },
    });
    expect(posted.statusCode).toBe(401);
    const student = await apiUser(t.app, t.database.db);
    for (const path of [SALES_PATH, PARTNER_PATH]) {
      const answer = await t.app.inject({ url: path, headers: student.headers });
      expect(answer.statusCode, answer.body).toBe(403);
    }
  });

  it("is in the OpenAPI document, with the editor's body", async () => {
    const answer = await t.app.inject({ url: "/api/openapi.json" });
    expect(answer.statusCode).toBe(200);
    const paths = answer.json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>().paths;
    expect(Object.keys(paths[SALES_PATH] ?? {}).sort()).toEqual(["get", "post"]);
    expect(paths[SALES_PATH]?.post?.requestBody).toBeDefined();
    expect(Object.keys(paths[`${SALES_PATH}/{id}`] ?? {}).sort()).toEqual(["delete", "put"]);
    expect(Object.keys(paths[PARTNER_PATH] ?? {})).toEqual(["get"]);
  });

  it("refuses a sales agent's write without the XSRF header", async () => {
    const answer = await sales.call("POST", SALES_PATH, {
      body: { kind: "one-way", input: "uni", words: ["university"] },
      noXsrf: true,
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe("a sales agent edits the list", () => {
  it("creates, edits and deletes an entry, each change in the audit log", async () => {
    const entry = await created({
      kind: "one-way",
      input: "  Uni ",
      words: ["University", "Universität"],
      note: "Students say uni.",
    });
    expect(entry).toMatchObject({
      kind: "one-way",
      input: "uni",
      words: ["university", "universitat"],
      note: "Students say uni.",
      updated_by: "Sasha Sales",
    });

    const edited = await sales.call("PUT", `${SALES_PATH}/${entry.id}`, {
      body: { kind: "two-way", words: ["uni", "university"], note: "" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(SynonymSchema.parse(edited.json())).toMatchObject({
      id: entry.id,
      kind: "two-way",
      input: null,
      words: ["uni", "university"],
      note: null,
    });
    // The same values again change nothing and record nothing.
    const again = await sales.call("PUT", `${SALES_PATH}/${entry.id}`, {
      body: { kind: "two-way", words: ["uni", "university"] },
    });
    expect(again.statusCode, again.body).toBe(200);

    const deleted = await sales.call("DELETE", `${SALES_PATH}/${entry.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const gone = await sales.call("DELETE", `${SALES_PATH}/${entry.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json<{ code: string }>().code).toBe("synonym_not_found");
    const missingEdit = await sales.call("PUT", `${SALES_PATH}/${entry.id}`, {
      body: { kind: "two-way", words: ["uni", "university"] },
    });
    expect(missingEdit.statusCode).toBe(404);

    const audit = await auditOf(entry.id);
    expect(audit.map((row) => row.action)).toEqual(["create", "update", "delete"]);
    expect(audit.every((row) => row.actor_role === "sales")).toBe(true);
    expect(audit[0]).toMatchObject({
      entity_name: "uni → university, universitat",
      before: null,
      after: { kind: "one-way", input: "uni", words: ["university", "universitat"] },
    });
    expect(audit[1]).toMatchObject({
      entity_name: "uni = university",
      before: { kind: "one-way", input: "uni", words: ["university", "universitat"] },
      after: { kind: "two-way", input: null, words: ["uni", "university"], note: null },
    });
    expect(audit[2]?.after).toMatchObject({ kind: "two-way", words: ["uni", "university"] });
  });

  it("shows the entries in the sales audit log", async () => {
    const entry = await created({ kind: "one-way", input: "prog", words: ["programming"] });
    const answer = await sales.call("GET", "/api/dashboard/sales/audit-log");
    expect(answer.statusCode, answer.body).toBe(200);
    const results = answer.json<{ results: { entity: string; entity_id: number }[] }>().results;
    expect(results).toContainEqual(
      expect.objectContaining({ entity: "synonym", entity_id: entry.id }),
    );
  });

  it("refuses malformed entries with a message per field", async () => {
    const cases: [unknown, string, string][] = [
      [{ kind: "three-way", words: ["a", "b"] }, "kind", SYNONYM_MESSAGES.kind],
      [{ kind: "two-way", words: ["mba"] }, "words", SYNONYM_MESSAGES.twoWayWords],
      [{ kind: "one-way", input: "x", words: [] }, "words", SYNONYM_MESSAGES.oneWayWords],
      [{ kind: "one-way", words: ["psychology"] }, "input", SYNONYM_MESSAGES.inputRequired],
      [{ kind: "one-way", input: "—", words: ["x"] }, "input", SYNONYM_MESSAGES.emptyWord],
      [{ kind: "two-way", input: "x", words: ["a", "b"] }, "input", SYNONYM_MESSAGES.inputOnTwoWay],
      [{ kind: "two-way", words: ["cs", " !! "] }, "words", SYNONYM_MESSAGES.emptyWord],
      [{ kind: "two-way", words: ["CS", "cs"] }, "words", SYNONYM_MESSAGES.repeatedWord("cs")],
      [{ kind: "one-way", input: "ai", words: ["AI"] }, "input", SYNONYM_MESSAGES.inputInWords],
      [{ kind: "two-way", words: ["a", "x".repeat(81)] }, "words", SYNONYM_MESSAGES.wordTooLong],
      [
        { kind: "two-way", words: Array.from({ length: 21 }, (_, i) => `w${i}`) },
        "words",
        SYNONYM_MESSAGES.tooManyWords,
      ],
      [
        { kind: "one-way", input: "a", words: ["b"], note: "n".repeat(501) },
        "note",
        SYNONYM_MESSAGES.note,
      ],
      [{ kind: "two-way", words: "cs, computer science" }, "words", SYNONYM_MESSAGES.twoWayWords],
    ];
    for (const [body, field, message] of cases) {
      const answer = await create(body);
      expect(answer.statusCode, `${JSON.stringify(body)}: ${answer.body}`).toBe(400);
      expect(
        answer.json<{ errors?: Record<string, string[]> }>().errors?.[field],
        JSON.stringify(body),
      ).toContain(message);
    }
    for (const body of [undefined, [], { words: null }, { kind: "two-way", words: [1, 2] }]) {
      const answer = await create(body);
      expect(answer.statusCode, `${JSON.stringify(body)}: ${answer.body}`).toBe(400);
    }
    const badId = await sales.call("DELETE", `${SALES_PATH}/abc`);
    expect(badId.statusCode).toBe(400);
  });

  it("refuses an entry that already exists, in any word order, on create and on edit", async () => {
    const duplicate = await create({
      kind: "two-way",
      words: ["Master of Business Administration", "MBA"],
    });
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: "duplicate_synonym",
      message: SYNONYM_MESSAGES.duplicate,
    });
    const entry = await created({ kind: "one-way", input: "poli", words: ["politics"] });
    const edit = await sales.call("PUT", `${SALES_PATH}/${entry.id}`, {
      body: { kind: "one-way", input: "psych", words: ["psychology"] },
    });
    expect(edit.statusCode, edit.body).toBe(409);
    // The same words as another kind's entry are a different entry.
    await created({ kind: "one-way", input: "mba", words: ["master of business administration"] });
  });

  it("makes one entry of ten identical creates at once, and 409 for the others", async () => {
    const body = { kind: "two-way", words: ["lit", "literature"] };
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(body)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join("\n")).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
    const { rows } = await t.database.query<{ count: number }>(
      `select count(*)::int as count from search_synonyms where words = '{lit,literature}'`,
    );
    expect(rows[0]?.count).toBe(1);
  });
});

describe("an edit reaches every process", () => {
  let secondDatabase: DatabaseHandle | undefined;
  let second: FastifyInstance;

  beforeAll(async () => {
    // A second app on the same database: another process on PostgreSQL (its own connections and
    // its own copy of the list), or another app over the same embedded PGlite.
    if (t.database.kind === "postgres") {
      if (!t.database.url) throw new Error("The PostgreSQL test database has no address");
      secondDatabase = await openDatabase({
        kind: "postgres",
        url: t.database.url,
        maxConnections: 3,
      });
    }
    second = await buildApp({
      config: testConfig(),
      database: secondDatabase ?? t.database,
      frontend: { kind: "none" },
      logger: false,
    });
    await second.ready();
    await second.finderIndex.settled();
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
  });

  /** Polls `check` until it holds, for at most `ms`; returns how long it took. */
  async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
    const started = performance.now();
    for (;;) {
      if (await check()) return performance.now() - started;
      if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it("shows a sales agent's create, edit and delete in the other app's list within a second", async () => {
    const secondDb = (secondDatabase ?? t.database).db;
    const heard: string[] = [];
    second.catalogueChanges.subscribe((change) => heard.push(change));
    const builds = second.finderIndex.stats().builds;
    const hasInput = async (input: string, words?: string[]) =>
      (await currentSynonyms(secondDb)).some(
        (entry) =>
          entry.kind === "one-way" &&
          entry.input === input &&
          (words === undefined || entry.words.join() === words.join()),
      );
    expect(await hasInput("cyber")).toBe(false);

    const entry = await created({ kind: "one-way", input: "cyber", words: ["cybersecurity"] });
    await within(1000, () => hasInput("cyber", ["cybersecurity"]));

    const edit = await sales.call("PUT", `${SALES_PATH}/${entry.id}`, {
      body: { kind: "one-way", input: "cyber", words: ["cybersecurity", "cyber security"] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await within(1000, () => hasInput("cyber", ["cybersecurity", "cyber security"]));

    expect((await sales.call("DELETE", `${SALES_PATH}/${entry.id}`)).statusCode).toBe(204);
    await within(1000, async () => !(await hasInput("cyber")));

    await within(1000, async () => heard.filter((change) => change === "synonyms").length >= 3);
    expect(heard).not.toContain("catalogue");
    expect(second.finderIndex.stats().builds).toBe(builds);
  });
});
