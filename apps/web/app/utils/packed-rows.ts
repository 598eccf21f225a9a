// Lists the pages read as one text each (ADR 061, ADR 065): the reference tables (currencies,
// countries) and the finder's facet lists. The hydration data writes a list of small records as
// one object or array per record, each field a reference (about 30 bytes a record before its
// values); as "field field name|field field name|…" a record costs its values and two separators.
// Nothing is lost: a "%" or "|" in a value is written "%25" or "%7C". Each page reads a list back
// once, so components still see records.

const ROW = "|";
const FIELD = " ";

/** A value as packed texts hold it: its "%" and "|" escaped, so "|" can separate values. */
export function escapeValue(value: string): string {
  if (!value.includes("%") && !value.includes(ROW)) return value;
  return value.replaceAll("%", "%25").replaceAll(ROW, "%7C");
}

/** The value `escapeValue` was given. */
export function unescapeValue(text: string): string {
  if (!text.includes("%")) return text;
  return text.replaceAll("%7C", ROW).replaceAll("%25", "%");
}

/**
 * Rows as one text. Every field but the last holds no space (codes, slugs, numbers); the last (a
 * name) is the rest of its row, so it may hold spaces.
 */
export function packRows(rows: ReadonlyArray<readonly string[]>): string {
  return rows.map((fields) => fields.map(escapeValue).join(FIELD)).join(ROW);
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
      values.push(unescapeValue(row.slice(from, space)));
      from = space + 1;
    }
    if (values.length < fields - 1) continue;
    values.push(unescapeValue(row.slice(from)));
    rows.push(values);
  }
  return rows;
}
