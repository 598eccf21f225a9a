// Reads a workbook's sheet with exceljs and prints its rows as JSON (every row an array of its
// cells' values, the heading row first). Run as a child process by the end-to-end tests: the
// test runner's module loader cannot load exceljs's dependencies itself.
import ExcelJS from "exceljs";

const [file, sheetName] = process.argv.slice(2);
if (!file || !sheetName) throw new Error("usage: read-xlsx.ts FILE SHEET");
const workbook = new ExcelJS.Workbook();
await workbook.xlsx.readFile(file);
const sheet = workbook.getWorksheet(sheetName);
if (!sheet) throw new Error(`no sheet ${sheetName}`);
const rows = (sheet.getSheetValues() as unknown[][])
  .slice(1)
  .map((row) => (row ?? []).slice(1).map((cell) => cell ?? ""));
process.stdout.write(JSON.stringify(rows));
