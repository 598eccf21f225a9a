// account/get_user/{id} (docs/spec/accounts-and-details.md §7): a signed-in user reads their own
// public fields and those of the people they deal with (a shared chat, or an application and the
// staff of the programme's school); anyone else answers 404, like an id that does not exist.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { apiUser, openChatTestApp, type ApiUser, type ChatTestApp } from "./chat-support.ts";
import { registerPartner, type DashboardPartner } from "./dashboards-support.ts";

let address = 1;
const nextIp = () => `10.17.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

let chat: ChatTestApp;
let student: ApiUser;
let stranger: ApiUser;
let staff: DashboardPartner;
let staffId: number;
let otherStaff: DashboardPartner;
let otherStaffId: number;

async function memberOf(partner: DashboardPartner): Promise<number> {
  const { rows } = await chat.t.database.query<{ user_id: number }>(
    `select user_id from organisation_members where organisation_id = $1`,
    [partner.organisationId],
  );
  return Number(rows[0]!.user_id);
}

beforeAll(async () => {
  chat = await openChatTestApp();
  const { t } = chat;
  student = await apiUser(t.app, t.database.db, "student", "Ann");
  stranger = await apiUser(t.app, t.database.db, "student", "Sam");
  const course = chat.course();
  await chat.apply(student, course.id);
  const { rows } = await t.database.query<{ school_id: number; other: number }>(
    `select c.school_id,
       (select min(s.id) from schools s where s.id <> c.school_id
          and not exists (select 1 from organisation_schools l where l.school_id = s.id)) as other
     from courses c where c.id = $1`,
    [course.id],
  );
  staff = await registerPartner(t, { schoolIds: [Number(rows[0]!.school_id)], ip: nextIp });
  otherStaff = await registerPartner(t, { schoolIds: [Number(rows[0]!.other)], ip: nextIp });
  staffId = await memberOf(staff);
  otherStaffId = await memberOf(otherStaff);
}, 60_000);
afterAll(async () => {
  await chat?.t.close();
});

const asApi = (user: ApiUser, id: number) => chat.call(user, "GET", `/api/account/get_user/${id}`);

describe("account/get_user", () => {
  it("answers the caller and the advisor of their chat, both ways", async () => {
    const self = await asApi(student, student.id);
    expect(self.statusCode, self.body).toBe(200);
    expect(self.json()).toMatchObject({ id: student.id, first_name: "Ann", role: "student" });
    expect((await asApi(student, chat.advisor.id)).json()).toMatchObject({
      id: chat.advisor.id,
      role: "advisor",
    });
    expect((await asApi(chat.advisor, student.id)).json()).toMatchObject({ id: student.id });
  });

  it("answers the staff of the school applied to, both ways", async () => {
    expect((await asApi(student, staffId)).json()).toMatchObject({ id: staffId, role: "partner" });
    const seen = await staff.browser.call("GET", `/api/account/get_user/${student.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ id: student.id, first_name: "Ann" });
  });

  it("answers 404 for anyone the caller does not deal with", async () => {
    const { rows } = await chat.t.database.query<{ id: number }>(
      `select id from users where email in ('sales@studyatlas.test', 'partner@studyatlas.test')`,
    );
    const demoIds = rows.map((row) => Number(row.id));
    const refused: string[] = [];
    const expect404 = async (who: string, answer: { statusCode: number }) => {
      if (answer.statusCode !== 404) refused.push(`${who} -> ${answer.statusCode}`);
    };
    for (const id of [stranger.id, otherStaffId, ...demoIds, 1, 2, 999_999]) {
      await expect404(`student reads ${id}`, await asApi(student, id));
    }
    await expect404("stranger reads the student", await asApi(stranger, student.id));
    await expect404("stranger reads the advisor", await asApi(stranger, chat.advisor.id));
    await expect404(
      "other staff reads the student",
      await otherStaff.browser.call("GET", `/api/account/get_user/${student.id}`),
    );
    expect(refused).toEqual([]);
    const answer = await asApi(stranger, student.id);
    expect(answer.json<{ message: string }>().message).toBe("User not found.");
  });
});
