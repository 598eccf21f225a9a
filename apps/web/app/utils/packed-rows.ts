// Reference lists the root data sends to every page as one text each (ADR 061): the currencies
// and the countries. The hydration data writes a list of small records as one object or array per
// record, each field a reference to its value (about 30 bytes a record before its values); as
// "field field name|field field name|…" a record costs its values and two separators. Each page
// reads a list back once, so components still see records.

const ROW = "|";
const FIELD = " ";

/**
 * Rows as one text. Every field but the last holds no space (codes, slugs, numbers); the last (a
 * name) is the rest of its row, so it may hold spaces but not the row separator, dropped from it.
 */
export function packRows(rows: ReadonlyArray<readonly string[]>): string {
  return rows
    .map((fields) => {
      const last = fields.length - 1;
      return fields
        .map((field, index) => (index === last ? field.replaceAll(ROW, "") : field))
        .join(FIELD);
    })
    .join(ROW);
}

/** The rows of a packed text with `fields` fields each; a row with fewer is skipped. */
export function unpackRows(text: string, fields: number): string[][] {
  const rows: string[][] = [];
  if (text === "") return rows;
  for (const row of text.split(ROW)) {
    const values: string[] = [];
    let from = 0;
    while (values.length < fields - 1) {
      const space = row.indexOf(FIELD, from);
      if (space === -1) break;
      values.push(row.slice(from, space));
      from = space + 1;
    }
    if (values.length < fields - 1) continue;
    values.push(row.slice(from));
    rows.push(values);
  }
  return rows;
}
