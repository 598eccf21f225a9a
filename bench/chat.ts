// `npm run bench:chat`: live chat as students and the advisor meet it.
// 1. Seeds the demo catalogue (`--courses`, default 6,000; PostgreSQL when TEST_DATABASE_URL is
//    set, else PGlite) with the demo accounts, creates `--sockets` students (default 200), each
//    signed in through the API and applying to a programme of their own, so each holds one chat
//    with the advisor.
//    The students share one password hash (one argon2 hash, not one per student).
// 2. Starts the production server and opens one live socket (`GET /api/chats/live`) per student
//    and one for the advisor: `--sockets` + 1 sockets on one process, 50 opening at a time, from
//    as many loopback addresses as the server's per-address cap needs (40 sockets each).
// 3. Floor: `/api/health`, 10 connections, in the same run.
// 4. Posts `--messages` (default 4,000) unique messages through `POST /api/chats/{id}/messages`,
//    10 at a time, each from a student in turn (within the 30-a-minute limit), and times each
//    from the start of its POST until it arrives on the advisor's socket (the other side of the
//    conversation) and on the sender's own socket, and from the POST's answer to the advisor's
//    arrival (what live delivery adds). Prints messages per second through the API and the p50/p95 delivery
//    latency, and checks that every message arrived once on each socket it belongs to and on no
//    other.
// 5. With PostgreSQL, the same again with the sockets on a second server process on the same
//    database (delivery through LISTEN/NOTIFY from the process that wrote the message).
// Options: --courses N, --sockets N, --messages N, --port N (and N + 1), --keep (reuse the seeded
// database).
import os from "node:os";

import WebSocket from "ws";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { createUser } from "@studyatlas/core/accounts/users.ts";
import { openDatabase } from "@studyatlas/db/client.ts";
import type { ChatMessage } from "@studyatlas/schemas/chat.ts";

import {
  engineName,
  ensureBuild,
  flag,
  line,
  option,
  percentile,
  postgresUrl,
  prepareDatabase,
  run,
  startServer,
  stopServer,
  type BenchServer,
} from "./harness.ts";

const COURSES = option("courses", 6_000);
const SOCKETS = option("sockets", 200);
const MESSAGES = option("messages", 4_000);
const CONNECTIONS = 10;
/** `--port N`: the first server's port; the second process listens on the next one. */
const PORT = option("port", 3294);
const PORTS = [PORT, PORT + 1];
const PASSWORD = "Bench-chat-2026!";
const ADVISOR = { email: "advisor@studyatlas.test", password: "Demo1234!" };

if (MESSAGES / SOCKETS > 25) {
  console.error("--messages may be at most 25 per socket (students may send 30 a minute).");
  process.exit(1);
}

interface Student {
  id: number;
  email: string;
  token: string;
  chatId: number;
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/account/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { access?: string };
  if (!response.ok || !body.access) throw new Error(`sign-in answered ${response.status}`);
  return body.access;
}

async function postJson<T>(base: string, path: string, token: string, payload: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as T;
  if (response.status !== 201) {
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body;
}

interface Prepared {
  users: { id: number; email: string }[];
  courses: number[];
  countries: number[];
}

/**
 * `count` new students (fresh addresses each run) and the programmes they will apply to. Written
 * before the server starts: a PGlite directory is one process's database.
 */
async function createStudents(env: Record<string, string>, count: number): Promise<Prepared> {
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "pglite", dataDir: env.DATA_DIR! },
  );
  const runId = Date.now().toString(36);
  try {
    await ensureDemoAccounts(database.db);
    // Every chat with the advisor whose socket is measured: the demo's second advisor steps away
    // from the rotation (ADR 058).
    await database.query(
      "update inbox_advisors set accepting = false where user_id <> (select id from users where email = $1)",
      [ADVISOR.email],
    );
    const courses = (
      await database.query<{ id: number }>(
        `select c.id from courses c join schools s on s.id = c.school_id
         where c.published and s.published order by c.id limit ${count}`,
      )
    ).rows.map((row) => Number(row.id));
    const countries = (
      await database.query<{ id: number }>("select id from countries order by id limit 2")
    ).rows.map((row) => Number(row.id));
    const users: Prepared["users"] = [];
    // One argon2 hash for all of them (the first student's), copied onto the others below: a
    // thousand hashes would take minutes of the machine before anything is measured.
    for (let index = 0; index < count; index += 1) {
      const email = `bench-chat-${runId}-${index}@example.com`;
      const user = await createUser(database.db, {
        email,
        firstName: "Bench",
        lastName: `Student ${index}`,
        ...(index === 0 ? { password: PASSWORD } : {}),
        role: "student",
        emailVerified: true,
      });
      users.push({ id: user.id, email });
    }
    await database.query(
      `update users set password_hash = (select password_hash from users where email = $1)
       where email like $2 and password_hash is null`,
      [users[0]!.email, `bench-chat-${runId}-%`],
    );
    return { users, courses, countries };
  } finally {
    await database.close();
  }
}

/** Each student signs in and applies through the API, which opens their chat. */
async function enrol(base: string, prepared: Prepared): Promise<Student[]> {
  const { users, courses, countries } = prepared;
  const students: Student[] = [];
  // A few at a time: sign-ins are rate-limited per address.
  for (let start = 0; start < users.length; start += 4) {
    const batch = await Promise.all(
      users.slice(start, start + 4).map(async ({ id, email }, offset) => {
        const token = await signIn(base, email, PASSWORD);
        const answer = await postJson<{ chat_id: number }>(
          base,
          "/api/academics/course/create_interest",
          token,
          {
            course: courses[(start + offset) % courses.length],
            title: "Dr",
            firstName: "Bench",
            lastName: "Student",
            email,
            sex: "Other",
            country: countries[0],
            nationality: String(countries[1]),
            date_of_birth: "1998-01-31",
            phone_number: "+44 20 7946 0958",
            address: "1 Bench Street",
            city: "London",
            zip_code: "N1 9GU",
            referral_code: "",
          },
        );
        return { id, email, token, chatId: answer.chat_id };
      }),
    );
    students.push(...batch);
  }
  return students;
}

interface Socket {
  socket: WebSocket;
  /** Message id → time it arrived (one entry per arrival, so duplicates show). */
  arrivals: Array<{ id: number; chatId: number; at: number }>;
}

/**
 * The server caps live sockets per client address (CHAT_SOCKETS_PER_ADDRESS, default 50), as it
 * should: a thousand students are not one address. The bench's sockets come from as many loopback
 * addresses as that needs (127.0.0.2, 127.0.0.3, ...; Linux answers the whole 127/8 on `lo`), at
 * most SOCKETS_PER_ADDRESS each, so the product's caps stay as configured.
 */
const SOCKETS_PER_ADDRESS = 40;
/** Sockets opening at once: students arrive over time, not in one instant. */
const SOCKET_RAMP = 50;

function localAddress(index: number): string {
  const n = 2 + Math.floor(index / SOCKETS_PER_ADDRESS);
  return `127.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

function openSocket(base: string, token: string, index: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, "ws")}/api/chats/live`, {
      headers: { authorization: `Bearer ${token}` },
      localAddress: localAddress(index),
    });
    const live: Socket = { socket, arrivals: [] };
    socket.on("message", (data: Buffer) => {
      const event = JSON.parse(data.toString("utf8")) as {
        type: string;
        chat_id?: number;
        message?: ChatMessage;
      };
      if (event.type === "ready") resolve(live);
      if (event.type === "message" && event.message) {
        live.arrivals.push({
          id: event.message.id,
          chatId: event.message.chat_id,
          at: performance.now(),
        });
      }
    });
    socket.once("unexpected-response", (_request, response) =>
      reject(new Error(`upgrade refused with ${response.statusCode}`)),
    );
    socket.once("error", reject);
  });
}

async function closeAll(sockets: Socket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      ({ socket }) =>
        new Promise<void>((done) => {
          if (socket.readyState === WebSocket.CLOSED) return done();
          socket.once("close", () => done());
          socket.close();
        }),
    ),
  );
}

/** Posts the messages through `writer`, with sockets on `reader`; prints the figures. */
async function measure(
  label: string,
  writer: string,
  reader: string,
  students: Student[],
  advisorToken: string,
): Promise<void> {
  const opening = performance.now();
  const sockets: Socket[] = [];
  for (let start = 0; start < students.length; start += SOCKET_RAMP) {
    sockets.push(
      ...(await Promise.all(
        students
          .slice(start, start + SOCKET_RAMP)
          .map((student, offset) => openSocket(reader, student.token, start + offset)),
      )),
    );
  }
  const advisor = await openSocket(reader, advisorToken, students.length);
  const openSeconds = (performance.now() - opening) / 1000;
  const loadBefore = os.loadavg()[0]!;
  const postedAt: number[] = [];
  let next = 0;
  const posts: Array<{ id: number; student: number; started: number; answered: number }> = [];
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let n = next++; n < MESSAGES; n = next++) {
        const studentIndex = n % students.length;
        const student = students[studentIndex]!;
        const started = performance.now();
        const message = await postJson<ChatMessage>(
          writer,
          `/api/chats/${student.chatId}/messages`,
          student.token,
          { content: `${label}: message ${n} from ${student.email} at ${Date.now()}` },
        );
        const answered = performance.now();
        postedAt.push(answered - started);
        posts.push({ id: message.id, student: studentIndex, started, answered });
      }
    }),
  );
  const postSeconds = (performance.now() - began) / 1000;
  // Every message reaches the advisor and its sender; wait (bounded) for the last arrivals.
  const deadline = performance.now() + 30_000;
  while (
    performance.now() < deadline &&
    (advisor.arrivals.length < MESSAGES ||
      sockets.reduce((sum, socket) => sum + socket.arrivals.length, 0) < MESSAGES)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await closeAll([...sockets, advisor]);

  const toAdvisor: number[] = [];
  const toSender: number[] = [];
  const afterAnswer: number[] = [];
  let missing = 0;
  let duplicates = 0;
  let strays = 0;
  const advisorArrivals = new Map<number, number[]>();
  for (const arrival of advisor.arrivals) {
    advisorArrivals.set(arrival.id, [...(advisorArrivals.get(arrival.id) ?? []), arrival.at]);
  }
  for (const [index, socket] of sockets.entries()) {
    for (const arrival of socket.arrivals) {
      if (arrival.chatId !== students[index]!.chatId) strays += 1;
    }
  }
  for (const post of posts) {
    const atAdvisor = advisorArrivals.get(post.id) ?? [];
    const atSender = sockets[post.student]!.arrivals.filter((arrival) => arrival.id === post.id);
    if (atAdvisor.length === 0 || atSender.length === 0) missing += 1;
    duplicates += Math.max(0, atAdvisor.length - 1) + Math.max(0, atSender.length - 1);
    if (atAdvisor[0] !== undefined) {
      toAdvisor.push(atAdvisor[0] - post.started);
      // The push's own cost: from the sender's answer to the advisor's arrival (negative when the
      // socket was faster than the HTTP answer).
      afterAnswer.push(atAdvisor[0] - post.answered);
    }
    if (atSender[0] !== undefined) toSender.push(atSender[0].at - post.started);
  }
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(34)} ${(MESSAGES / postSeconds).toFixed(1).padStart(7)} messages/s | POST p50 ${ms(percentile(postedAt, 50))} p95 ${ms(percentile(postedAt, 95))}`,
  );
  console.log(
    `${"".padEnd(34)} delivery to the advisor p50 ${ms(percentile(toAdvisor, 50))} p95 ${ms(percentile(toAdvisor, 95))} | to the sender p50 ${ms(percentile(toSender, 50))} p95 ${ms(percentile(toSender, 95))} | advisor's arrival after the POST's answer p50 ${ms(percentile(afterAnswer, 50))} p95 ${ms(percentile(afterAnswer, 95))}`,
  );
  console.log(
    `${"".padEnd(34)} ${sockets.length + 1} sockets (opened in ${openSeconds.toFixed(1)} s) | sent ${posts.length} | missing ${missing} | duplicates ${duplicates} | to a socket of another chat ${strays}`,
  );
  console.log(
    `${"".padEnd(34)} load average (1 min) ${loadBefore.toFixed(1)} before posting, ${os.loadavg()[0]!.toFixed(1)} after`,
  );
}

const env = await prepareDatabase({ courses: COURSES, keep: flag("keep") });
ensureBuild();
// Two sets of students: the second run must not meet the first's per-minute allowance.
const firstSet = await createStudents(env, SOCKETS);
const secondSet = postgresUrl ? await createStudents(env, SOCKETS) : undefined;
const servers: BenchServer[] = [await startServer(env, PORTS[0]!)];
try {
  const base = servers[0]!.base;
  console.log(
    `\nChat on ${engineName}, ${COURSES.toLocaleString("en")} programmes: ${SOCKETS} students with a chat each, ${MESSAGES.toLocaleString("en")} messages, ${CONNECTIONS} connections`,
  );
  const students = await enrol(base, firstSet);
  const advisorToken = await signIn(base, ADVISOR.email, ADVISOR.password);
  const health = Array.from({ length: 4000 }, (_, n) => `/api/health?n=${n}`);
  console.log(
    line("floor: /api/health", await run(base, health, { seconds: 5, connections: CONNECTIONS })),
  );
  await measure("one process", base, base, students, advisorToken);
  if (secondSet) {
    servers.push(await startServer(env, PORTS[1]!));
    const others = await enrol(base, secondSet);
    await measure("sockets on a second process", base, servers[1]!.base, others, advisorToken);
  }
} finally {
  for (const server of servers) await stopServer(server);
}
