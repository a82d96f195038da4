/**
 * Text a person can type into a one-line field: no control characters (NUL, escape, line
 * breaks…) and no lone UTF-16 surrogates. Postgres refuses both in a text column, so a name or
 * id holding one must be refused as invalid input, not fail on its way to the database.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isPlainLine(value: string): boolean {
  return !CONTROL_CHARACTER.test(value) && !LONE_SURROGATE.test(value);
}
