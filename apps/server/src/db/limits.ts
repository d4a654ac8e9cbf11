/** The largest value of the database's `integer` columns (stock counts, cents totals). */
export const INT32_MAX = 2_147_483_647;
