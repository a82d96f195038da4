/**
 * The local PostgREST, under /rest/v1. Every request runs in one transaction as the role named by
 * the caller's JWT (anon, authenticated or service_role) with the claims in request.jwt.claims,
 * so grants and row-level security are enforced by Postgres itself.
 *
 *   GET|HEAD /{table}            select, filters, order, limit/offset, count=exact
 *   POST     /{table}            insert (object or array); upsert with Prefer: resolution=…
 *   PATCH    /{table}            update rows matching the filters
 *   DELETE   /{table}            delete rows matching the filters
 *   GET|POST /rpc/{function}     call a function with named arguments
 */
import type { Clock } from "../../clock.ts";
import { API_ROLES, type ApiRole, type Database, type RequestSettings, type Transaction } from "../database.ts";
import type { JwtClaims, JwtKeys } from "../jwt.ts";
import { fromPostgresError, invalidJsonBody, isPostgresError, RestError, restErrorResponse, singleObjectError } from "./errors.ts";
import {
  isIdentifier,
  parseColumns,
  parseFilters,
  parseNonNegativeInteger,
  parseOrder,
  parsePrefer,
  parseSelect,
  type SelectItem,
} from "./query.ts";
import type { FunctionInfo, SchemaCache, TableInfo } from "./schema.ts";
import {
  jsonResult,
  limitClause,
  orderClause,
  Parameters,
  qualifiedName,
  quoteIdentifier,
  selectList,
  whereClause,
} from "./sql.ts";
import { errorMessage } from "../../../app/lib/error-message.ts";

export interface RestServiceOptions {
  db: Database;
  clock: Clock;
  schema: SchemaCache;
  /** The project's JWT keys (the signing key and the legacy secret). */
  keys: JwtKeys;
}

/** PostgREST accepts tokens up to 30 seconds past `exp` (clock skew). */
const JWT_LEEWAY_SECONDS = 30;
const SINGLE_OBJECT = "application/vnd.pgrst.object+json";

interface Identity {
  role: ApiRole;
  claims: JwtClaims;
}

interface JsonRows {
  body: string;
  first: string | null;
  row_count: number;
}

function unauthorized(code: "PGRST301" | "PGRST303", message: string): RestError {
  return new RestError(401, { code, message }, { "WWW-Authenticate": `Bearer error="invalid_token", error_description="${message}"` });
}

async function identify(request: Request, clock: Clock, keys: JwtKeys): Promise<Identity> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "")?.[1];
  const token = bearer ?? request.headers.get("apikey") ?? undefined;
  if (!token) return { role: "anon", claims: { role: "anon" } };
  const check = await keys.verify(token, clock.now(), JWT_LEEWAY_SECONDS);
  if (!check.ok) {
    if (check.reason === "expired") throw unauthorized("PGRST303", "JWT expired");
    if (check.parts !== 3) throw unauthorized("PGRST301", `Expected 3 parts in JWT; got ${check.parts}`);
    throw unauthorized("PGRST301", "No suitable key or wrong key type");
  }
  const role = check.claims.role ?? "anon";
  if (typeof role !== "string" || !API_ROLES.includes(role as ApiRole)) {
    throw unauthorized("PGRST301", `JWT role "${String(role)}" is not one of ${API_ROLES.join(", ")}`);
  }
  return { role: role as ApiRole, claims: check.claims };
}

function checkProfile(request: Request): void {
  const method = request.method.toUpperCase();
  const header = method === "GET" || method === "HEAD" ? "Accept-Profile" : "Content-Profile";
  const profile = request.headers.get(header);
  if (profile !== null && profile !== "public") {
    throw new RestError(406, {
      code: "PGRST106",
      message: `Invalid schema: ${profile}`,
      hint: "Only the following schemas are exposed: public",
    });
  }
}

function wantsSingleObject(request: Request): boolean {
  const accept = request.headers.get("Accept") ?? "";
  if (accept.startsWith(SINGLE_OBJECT)) return true;
  if (accept === "" || accept.includes("json") || accept.includes("*/*")) return false;
  throw new RestError(406, { code: "PGRST107", message: `None of these media types are available: ${accept}` });
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidJsonBody();
  }
}

function tableNotFound(name: string, tables: Map<string, TableInfo>): RestError {
  const similar = [...tables.keys()].find((table) => table.startsWith(name.slice(0, 3)) || name.startsWith(table.slice(0, 3)));
  return new RestError(404, {
    code: "PGRST205",
    message: `Could not find the table 'public.${name}' in the schema cache`,
    hint: similar ? `Perhaps you meant the table 'public.${similar}'` : null,
  });
}

function columnNotFound(column: string, table: string): RestError {
  return new RestError(400, {
    code: "PGRST204",
    message: `Could not find the '${column}' column of '${table}' in the schema cache`,
  });
}

function contentRange(offset: number, rows: number, total: number | undefined): string {
  const range = rows === 0 ? "*" : `${offset}-${offset + rows - 1}`;
  return `${range}/${total ?? "*"}`;
}

export function createRestService(options: RestServiceOptions) {
  const { db, clock, schema, keys } = options;

  function settingsFor(request: Request, identity: Identity, path: string, readOnly: boolean): RequestSettings {
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    return { role: identity.role, claims: identity.claims, method: request.method.toUpperCase(), path, headers, readOnly };
  }

  /** Runs the request's work as its role; Postgres errors become PostgREST errors. */
  async function run<T>(settings: RequestSettings, work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await db.transactionAs(settings, work);
    } catch (error) {
      if (isPostgresError(error)) throw fromPostgresError(error, settings.role);
      throw error;
    }
  }

  function respondRows(
    request: Request,
    result: JsonRows,
    options: { status: number; single: boolean; offset?: number; total?: number },
  ): Response {
    const headers = new Headers({ "Content-Range": contentRange(options.offset ?? 0, result.row_count, options.total) });
    const head = request.method.toUpperCase() === "HEAD";
    if (options.single) {
      headers.set("Content-Type", `${SINGLE_OBJECT}; charset=utf-8`);
      return new Response(head ? null : (result.first ?? "null"), { status: options.status, headers });
    }
    headers.set("Content-Type", "application/json; charset=utf-8");
    return new Response(head ? null : result.body, { status: options.status, headers });
  }

  async function readTable(request: Request, identity: Identity, table: TableInfo, path: string): Promise<Response> {
    const url = new URL(request.url);
    const items = parseSelect(url.searchParams.get("select"));
    const filters = parseFilters(url.searchParams);
    const order = parseOrder(url.searchParams.get("order"));
    const limit = parseNonNegativeInteger(url.searchParams.get("limit"), "limit");
    const offset = parseNonNegativeInteger(url.searchParams.get("offset"), "offset");
    const single = wantsSingleObject(request);
    const countExact = parsePrefer(request).get("count") === "exact";

    const parameters = new Parameters();
    const where = whereClause(filters, parameters);
    const source = `select ${selectList(items)} from ${qualifiedName(table.name)}${where}${orderClause(order)}${limitClause(limit, offset)}`;
    const { result, total } = await run(settingsFor(request, identity, path, true), async (tx) => {
      const result = (await tx.query<JsonRows>(jsonResult(source), parameters.values)).rows[0]!;
      const total = countExact
        ? (await tx.query<{ total: number }>(`select count(*)::int as total from ${qualifiedName(table.name)}${where}`, parameters.values))
            .rows[0]!.total
        : undefined;
      return { result, total };
    });
    if (single && result.row_count !== 1) throw singleObjectError(result.row_count);
    return respondRows(request, result, { status: 200, single, offset: offset ?? 0, total });
  }

  /** Runs a data-changing statement; with return=representation, answers the rows it returned. */
  async function mutate(
    request: Request,
    identity: Identity,
    path: string,
    statement: string,
    parameters: Parameters,
    items: SelectItem[],
    successStatus: { representation: number; minimal: number },
  ): Promise<Response> {
    const preferences = parsePrefer(request);
    const representation = preferences.get("return") === "representation";
    const single = wantsSingleObject(request);
    const rollback = preferences.get("tx") === "rollback";

    const outcome = await run(settingsFor(request, identity, path, false), async (tx) => {
      let result: JsonRows;
      if (representation || single) {
        const order = orderClause(parseOrder(new URL(request.url).searchParams.get("order")));
        const sql = `with _pgrst_m as (${statement} returning *) ${jsonResult(`select ${selectList(items)} from _pgrst_m${order}`)}`;
        result = (await tx.query<JsonRows>(sql, parameters.values)).rows[0]!;
      } else {
        const affected = (await tx.query(statement, parameters.values)).affectedRows ?? 0;
        result = { body: "", first: null, row_count: affected };
      }
      // PostgREST rolls the change back when a single object was asked for and not produced.
      if (single && result.row_count !== 1) throw singleObjectError(result.row_count);
      if (rollback) await tx.rollback();
      return result;
    });

    const headers = new Headers({ "Content-Range": contentRange(0, outcome.row_count, undefined) });
    if (!representation) return new Response(null, { status: successStatus.minimal, headers });
    return respondRows(request, outcome, { status: successStatus.representation, single });
  }

  function bodyRows(body: unknown): Record<string, unknown>[] {
    const rows = Array.isArray(body) ? body : [body];
    if (body === undefined || rows.some((row) => row === null || typeof row !== "object" || Array.isArray(row))) {
      throw invalidJsonBody();
    }
    return rows as Record<string, unknown>[];
  }

  function checkColumns(table: TableInfo, columns: string[]): void {
    for (const column of columns) {
      if (!isIdentifier(column) || !table.columns.has(column)) throw columnNotFound(column, table.name);
    }
  }

  async function insert(request: Request, identity: Identity, table: TableInfo, path: string): Promise<Response> {
    const url = new URL(request.url);
    const rows = bodyRows(await readJson(request));
    const items = parseSelect(url.searchParams.get("select"));
    const columns = parseColumns(url.searchParams.get("columns")) ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
    checkColumns(table, columns);
    const preferences = parsePrefer(request);
    const resolution = preferences.get("resolution");

    const parameters = new Parameters();
    const json = parameters.add(JSON.stringify(rows));
    const columnList = columns.map(quoteIdentifier).join(", ");
    let statement =
      columns.length === 0
        ? `insert into ${qualifiedName(table.name)} default values`
        : `insert into ${qualifiedName(table.name)} (${columnList})
           select ${columnList} from json_populate_recordset(null::${qualifiedName(table.name)}, ${json}::json)`;
    if (resolution === "merge-duplicates" || resolution === "ignore-duplicates") {
      const conflict = parseColumns(url.searchParams.get("on_conflict")) ?? table.primaryKey;
      checkColumns(table, conflict);
      if (conflict.length === 0) {
        throw new RestError(400, { code: "PGRST100", message: `"failed to parse on_conflict parameter"`, details: "no conflict target" });
      }
      const target = conflict.map(quoteIdentifier).join(", ");
      if (resolution === "ignore-duplicates") {
        statement += ` on conflict (${target}) do nothing`;
      } else {
        const updates = (columns.length ? columns : conflict).map(
          (column) => `${quoteIdentifier(column)} = excluded.${quoteIdentifier(column)}`,
        );
        statement += ` on conflict (${target}) do update set ${updates.join(", ")}`;
      }
    }
    return mutate(request, identity, path, statement, parameters, items, { representation: 201, minimal: 201 });
  }

  async function update(request: Request, identity: Identity, table: TableInfo, path: string): Promise<Response> {
    const url = new URL(request.url);
    const body = await readJson(request);
    if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) throw invalidJsonBody();
    const columns = Object.keys(body);
    checkColumns(table, columns);
    const items = parseSelect(url.searchParams.get("select"));
    const filters = parseFilters(url.searchParams);
    const parameters = new Parameters();
    if (columns.length === 0) {
      // Nothing to change: PostgREST answers without touching the table.
      const representation = parsePrefer(request).get("return") === "representation";
      return representation
        ? new Response("[]", { status: 200, headers: { "Content-Type": "application/json; charset=utf-8" } })
        : new Response(null, { status: 204 });
    }
    const json = parameters.add(JSON.stringify(body));
    const record = `json_populate_record(null::${qualifiedName(table.name)}, ${json}::json)`;
    const assignments = columns.map(
      (column) => `${quoteIdentifier(column)} = (select ${quoteIdentifier(column)} from ${record})`,
    );
    const statement = `update ${qualifiedName(table.name)} set ${assignments.join(", ")}${whereClause(filters, parameters)}`;
    return mutate(request, identity, path, statement, parameters, items, { representation: 200, minimal: 204 });
  }

  async function remove(request: Request, identity: Identity, table: TableInfo, path: string): Promise<Response> {
    const url = new URL(request.url);
    const items = parseSelect(url.searchParams.get("select"));
    const parameters = new Parameters();
    const statement = `delete from ${qualifiedName(table.name)}${whereClause(parseFilters(url.searchParams), parameters)}`;
    return mutate(request, identity, path, statement, parameters, items, { representation: 200, minimal: 204 });
  }

  function pickFunction(name: string, candidates: FunctionInfo[] | undefined, given: string[]): FunctionInfo {
    const match = candidates?.find((fn) => {
      const names = fn.args.map((arg) => arg.name);
      const required = names.slice(0, fn.args.length - fn.defaults);
      return given.every((key) => names.includes(key)) && required.every((key) => given.includes(key));
    });
    if (match) return match;
    const described = given.length ? `(${[...given].sort().join(", ")})` : " without parameters";
    throw new RestError(404, {
      code: "PGRST202",
      message: `Could not find the function public.${name}${described} in the schema cache`,
      details: given.length
        ? `Searched for the function public.${name} with parameters ${[...given].sort().join(", ")} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`
        : `Searched for the function public.${name} without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    });
  }

  async function callFunction(request: Request, identity: Identity, name: string, path: string): Promise<Response> {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const readOnly = method === "GET" || method === "HEAD";
    const candidates = (await schema.functions()).get(name);

    let args: Record<string, unknown>;
    if (readOnly) {
      const argumentNames = new Set(candidates?.flatMap((fn) => fn.args.map((arg) => arg.name)) ?? []);
      args = Object.fromEntries([...url.searchParams].filter(([key]) => argumentNames.has(key)));
    } else {
      const body = (await readJson(request)) ?? {};
      if (body === null || typeof body !== "object" || Array.isArray(body)) throw invalidJsonBody();
      args = body as Record<string, unknown>;
    }
    const given = Object.keys(args);
    const fn = pickFunction(name, candidates, given);

    const parameters = new Parameters();
    const declared = fn.args.filter((arg) => given.includes(arg.name));
    // Arguments arrive as one JSON object, typed by the function's own signature (from the catalog).
    const argumentSource = declared.length
      ? ` from json_to_record(${parameters.add(JSON.stringify(args))}::json) as _pgrst_a(${declared
          .map((arg) => `${quoteIdentifier(arg.name)} ${arg.type}`)
          .join(", ")})`
      : "";
    const call = `${qualifiedName(fn.name)}(${declared
      .map((arg) => `${quoteIdentifier(arg.name)} := _pgrst_a.${quoteIdentifier(arg.name)}`)
      .join(", ")})`;
    const single = wantsSingleObject(request);
    const settings = settingsFor(request, identity, path, readOnly);

    if (fn.returns === "void" || (fn.returns === "scalar" && !fn.returnsSet)) {
      if (fn.returns === "void") {
        await run(settings, (tx) => tx.query(`select ${call}${argumentSource}`, parameters.values));
        return new Response(null, { status: 204 });
      }
      const { rows } = await run(settings, (tx) =>
        tx.query<{ body: string | null }>(`select to_json(${call})::text as body${argumentSource}`, parameters.values),
      );
      return new Response(method === "HEAD" ? null : (rows[0]?.body ?? "null"), {
        status: 200,
        headers: { "Content-Type": "application/json; charset=utf-8" },
      });
    }

    const items = parseSelect(url.searchParams.get("select"));
    const filters = parseFilters(url.searchParams, new Set(given));
    const order = parseOrder(url.searchParams.get("order"));
    const limit = parseNonNegativeInteger(url.searchParams.get("limit"), "limit");
    const offset = parseNonNegativeInteger(url.searchParams.get("offset"), "offset");
    const rowSource =
      fn.returns === "composite"
        ? `select _pgrst_r.*${argumentSource ? `${argumentSource} cross join lateral` : " from"} ${call} as _pgrst_r`
        : `select _pgrst_r.v as ${quoteIdentifier(fn.name)}${argumentSource ? `${argumentSource} cross join lateral` : " from"} ${call} as _pgrst_r(v)`;
    const where = whereClause(filters, parameters);
    const source = `select ${selectList(items)} from (${rowSource}) as _pgrst_rows${where}${orderClause(order)}${limitClause(limit, offset)}`;
    const result = await run(settings, async (tx) => (await tx.query<JsonRows>(jsonResult(source), parameters.values)).rows[0]!);

    if (fn.returns === "scalar") {
      // setof scalar: a JSON array of the values.
      const values = (JSON.parse(result.body) as Record<string, unknown>[]).map((row) => row[fn.name]);
      return Response.json(values);
    }
    if (!fn.returnsSet) {
      // A single composite value answers as an object.
      return respondRows(request, result, { status: 200, single: true, offset: offset ?? 0 });
    }
    if (single && result.row_count !== 1) throw singleObjectError(result.row_count);
    return respondRows(request, result, { status: 200, single, offset: offset ?? 0 });
  }

  async function route(request: Request, path: string): Promise<Response> {
    checkProfile(request);
    const identity = await identify(request, clock, keys);
    const method = request.method.toUpperCase();
    const segments = path.split("/").filter(Boolean).map(decodeURIComponent);

    if (segments[0] === "rpc" && segments.length === 2) {
      if (!["GET", "HEAD", "POST"].includes(method)) {
        throw new RestError(405, { code: "PGRST101", message: "Cannot use the " + method + " method on RPC" });
      }
      return callFunction(request, identity, segments[1]!, path);
    }
    if (segments.length !== 1) {
      throw new RestError(404, { code: "PGRST125", message: `Invalid path specified in request URL` });
    }
    const tables = await schema.tables();
    const table = tables.get(segments[0]!);
    if (!table) throw tableNotFound(segments[0]!, tables);
    switch (method) {
      case "GET":
      case "HEAD":
        return readTable(request, identity, table, path);
      case "POST":
        return insert(request, identity, table, path);
      case "PATCH":
        return update(request, identity, table, path);
      case "DELETE":
        return remove(request, identity, table, path);
      default:
        throw new RestError(405, { code: "PGRST117", message: `Unsupported HTTP method: ${method}` });
    }
  }

  return {
    /** `path` is the part after /rest/v1, starting with "/". */
    async handle(request: Request, path: string): Promise<Response> {
      try {
        return await route(request, path);
      } catch (error) {
        if (error instanceof RestError) return restErrorResponse(error);
        console.error("[local supabase] rest request failed:", error);
        return restErrorResponse(new RestError(500, { code: "XX000", message: errorMessage(error) }));
      }
    },
  };
}
