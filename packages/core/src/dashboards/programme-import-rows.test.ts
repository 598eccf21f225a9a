import { describe, expect, it } from "vitest";

import { readImportFile } from "./programme-import-rows.ts";

describe("readImportFile", () => {
  it("keeps a semicolon inside a comma-separated cell (disciplines)", async () => {
    const file = Buffer.from(
      '\uFEFFCode,Name,Disciplines,Website\r\nA-1,Law,"Law; Business",https://example.edu/law\r\nA-2,Art,Art; Music,\r\n',
    );
    expect(await readImportFile(file)).toEqual([
      {
        code: "A-1",
        name: "Law",
        disciplines: "Law; Business",
        website: "https://example.edu/law",
      },
      { code: "A-2", name: "Art", disciplines: "Art; Music", website: "" },
    ]);
  });

  it("reads a semicolon-separated export, commas inside its cells kept", async () => {
    const file = Buffer.from("Code;Name;Tuition fee\nB-1;Data Science;18,500\n");
    expect(await readImportFile(file)).toEqual([
      { code: "B-1", name: "Data Science", tuition_fee: "18,500" },
    ]);
  });

  it("reads a tab-separated file", async () => {
    const file = Buffer.from(
      "Code\tName\tDisciplines\nC-1\tPhysics\tNatural Sciences; Engineering\n",
    );
    expect(await readImportFile(file)).toEqual([
      { code: "C-1", name: "Physics", disciplines: "Natural Sciences; Engineering" },
    ]);
  });
});
