// Limits the database imposes on values that travel through the API.

/** The largest PostgreSQL `integer` (int4): ids, seeds and counts never exceed it. */
export const MAX_INT4 = 2_147_483_647;
