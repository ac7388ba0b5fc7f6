import { sql, type SQL } from 'drizzle-orm';

/**
 * Arrays bound as ONE parameter each: a PostgreSQL array literal whose every element is quoted, with
 * `"` and `\` escaped, so no value can end its element or the array, whatever it holds. This is the
 * only way the server writes a list of values into SQL (`sql.raw` is linted out of the modules).
 * The cast is in parentheses so the array can be indexed: `${textArray(names)}[2]`.
 */
function literal(values: readonly (string | number)[]): string {
  return `{${values.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

export const uuidArray = (ids: readonly string[]): SQL => sql`(${literal(ids)}::uuid[])`;

export const textArray = (values: readonly string[]): SQL => sql`(${literal(values)}::text[])`;

/** Integers only: a fraction is cut, as `::int` would refuse it. */
export const intArray = (values: readonly number[]): SQL =>
  sql`(${literal(values.map((n) => Math.trunc(n)))}::int[])`;
