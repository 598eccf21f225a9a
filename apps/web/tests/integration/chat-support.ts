// What the apply and chat tests share: users signed in as API clients (Bearer), a valid
// application payload, a live-socket client that collects what the server pushes, and one app per
// test file with the calls those tests make.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import WebSocket from "ws";

import { ADVISOR_USER_ID, ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { createUser } from "@studyatlas/core/accounts/users.ts";
import { openDatabase, type Database, type DatabaseHandle } from "@studyatlas/db/client.ts";
import {
  ApplicationCreatedSchema,
  type ApplicationInput,
} from "@studyatlas/schemas/applications.ts";
import { ChatListSchema, ChatMessageSchema, type ChatMessage } from "@studyatlas/schemas/chat.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { apiTokens, PASSWORD, uniqueEmail } from "./account-client.ts";
import { createTestApp, parseWith, type TestApp } from "./test-app.ts";

export interface ApiUser {
  id: number;
  email: string;
  token: string;
  headers: Record<string, string>;
}

let userCount = 0;

/** A new verified user of `role`, signed in as an API client. */
export async function apiUser(
  app: FastifyInstance,
  db: Database,
  role: "student" | "advisor" = "student",
  name = "Grace",
): Promise<ApiUser> {
  const email = uniqueEmail(role);
  const user = await createUser(db, {
    email,
    firstName: name,
    lastName: "Tester",
    password: PASSWORD,
    role,
    emailVerified: true,
  });
  // Each user signs in from an address of its own: the per-network sign-in limit is not what
  // these tests are about.
  userCount += 1;
  const response = await app.inject({
    method: "POST",
    url: "/api/account/token",
    payload: { email, password: PASSWORD },
    remoteAddress: `10.77.${Math.floor(userCount / 250) % 250}.${(userCount % 250) + 1}`,
  });
  const access = response.json<{ access?: string }>().access;
  if (response.statusCode !== 200 || !access) {
    throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  }
  return { id: user.id, email, token: access, headers: { authorization: `Bearer ${access}` } };
}

/** Published programmes and two countries of the test catalogue. */
export async function catalogueIds(database: DatabaseHandle) {
  const courses = await database.query<{ id: number; slug: string }>(
    `select c.id, c.slug from courses c join schools s on s.id = c.school_id
     where c.published and s.published order by c.id limit 40`,
  );
  const countries = await database.query<{ id: number }>(
    "select id from countries order by id limit 2",
  );
  return { courses: courses.rows, countries: countries.rows.map((row) => Number(row.id)) };
}

export function applicationFor(
  course: number,
  countries: number[],
  overrides: Partial<ApplicationInput> = {},
): ApplicationInput {
  return {
    course,
    title: "Dr",
    firstName: "Grace",
    lastName: "Hopper",
    email: "grace@example.com",
    sex: "Female",
    country: countries[0]!,
    nationality: String(countries[1]!),
    date_of_birth: "1990-12-09",
    phone_number: "+44 20 7946 0958",
    address: "1 Navy Yard",
    city: "Arlington",
    zip_code: "22202",
    referral_code: "",
    ...overrides,
  };
}

/** A live socket that keeps every event it receives. */
export interface LiveClient {
  socket: WebSocket;
  events: { type: string; chat_id?: number; message?: ChatMessage; receivedAt: number }[];
  messages(): ChatMessage[];
  close(): Promise<void>;
}

/** Opens `GET /api/chats/live` on a listening server; resolves once the server says ready. */
export function openLive(baseUrl: string, headers: Record<string, string>): Promise<LiveClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/chats/live`, { headers });
    const client: LiveClient = {
      socket,
      events: [],
      messages: () =>
        client.events.flatMap((event) =>
          event.type === "message" && event.message ? [event.message] : [],
        ),
      close: () =>
        new Promise((done) => {
          if (socket.readyState === WebSocket.CLOSED) return done();
          socket.once("close", () => done());
          socket.close();
        }),
    };
    socket.on("message", (data: Buffer) => {
      const event = JSON.parse(data.toString("utf8")) as LiveClient["events"][number];
      event.receivedAt = performance.now();
      client.events.push(event);
      if (event.type === "ready") resolve(client);
    });
    socket.once("unexpected-response", (_request, response) => {
      reject(new Error(`upgrade refused with ${response.statusCode}`));
    });
    socket.once("error", reject);
  });
}

/** The status an upgrade is refused with (or 101 when it opens). */
export function upgradeStatus(baseUrl: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/chats/live`, { headers });
    socket.once("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("open", () => {
      resolve(101);
      socket.close();
    });
    socket.once("error", (error) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
}

/** A second app process on the same PostgreSQL database, listening on a port of its own. */
export interface SecondProcess {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function secondProcess(databaseUrl: string | undefined): Promise<SecondProcess> {
  if (!databaseUrl) throw new Error("The PostgreSQL test database has no address");
  const database = await openDatabase({ kind: "postgres", url: databaseUrl, maxConnections: 4 });
  const app = await buildApp({
    config: testConfig(),
    database,
    frontend: { kind: "none" },
    logger: false,
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    app,
    url,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export function expectStatus(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body.slice(0, 400)).toBe(status);
}

/** The test file's app, listening for sockets, with the demo advisor and the calls of the tests. */
export async function openChatTestApp() {
  const t: TestApp = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { courses, countries } = await catalogueIds(t.database);
  expect(courses.length).toBeGreaterThan(20);
  const { access } = await apiTokens(t.app, "advisor@studyatlas.test", "Demo1234!");
  const advisor: ApiUser = {
    id: ADVISOR_USER_ID,
    email: "advisor@studyatlas.test",
    token: access,
    headers: { authorization: `Bearer ${access}` },
  };
  let nextCourse = 0;
  /** A programme nobody has applied to yet in this file (in turn). */
  const course = (): { id: number; slug: string } => {
    const next = courses[nextCourse % courses.length]!;
    nextCourse += 1;
    return next;
  };
  const call = (
    user: ApiUser | undefined,
    method: "GET" | "POST" | "DELETE",
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const apply = async (student: ApiUser, courseId = course().id) => {
    const response = await call(
      student,
      "POST",
      "/api/academics/course/create_interest",
      applicationFor(courseId, countries),
    );
    expectStatus(response, 201);
    return parseWith(ApplicationCreatedSchema, response.json(), "create_interest");
  };
  const send = async (user: ApiUser, chatId: number, content: string) => {
    const response = await call(user, "POST", `/api/chats/${chatId}/messages`, { content });
    expectStatus(response, 201);
    return parseWith(ChatMessageSchema, response.json(), "message");
  };
  const chatsOf = async (user: ApiUser) => {
    const response = await call(user, "GET", "/api/chats");
    expectStatus(response, 200);
    return parseWith(ChatListSchema, response.json(), "chats");
  };
  return { t, baseUrl, countries, advisor, course, call, apply, send, chatsOf };
}

export type ChatTestApp = Awaited<ReturnType<typeof openChatTestApp>>;
