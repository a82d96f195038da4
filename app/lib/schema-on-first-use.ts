/**
 * A schema built the first time something asks for it, then kept: `tryItSchema()` is the same
 * object on every call. Building a zod schema runs a little of zod's code for every rule, and on
 * a phone the first run of that code is slow: the dashboard's Try it schemas cost 5–10 ms when the
 * page's scripts were evaluated, in the task that holds the first tap (decision 059). Built on
 * first use, they cost that on the first submit instead, or never, on a visit that sends nothing.
 * The server and the browser still share the one definition.
 */
export function schemaOnFirstUse<Schema>(build: () => Schema): () => Schema {
  let schema: Schema | undefined;
  return () => (schema ??= build());
}
