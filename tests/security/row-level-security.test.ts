/**
 * Row-level security, exhaustively (issue 10 proof suite). Every table, view, sequence and
 * function of the `public` schema is read from the Postgres catalogue at test time, so a new one
 * is covered without editing this file:
 *
 *   * the catalogue: RLS is on for every table; anon is granted nothing and authenticated only
 *     the owner access the migrations document (GRANTED_TO_AUTHENTICATED); every policy limits
 *     rows to their owner; only the allow-listed functions are executable by the API roles; every
 *     security-definer function pins its search_path;
 *   * the REST API, as an attacker sees it (supabase-js as anon, and as a second signed-in user B):
 *     none of user A's rows can be read, inserted, updated, upserted or deleted in any table,
 *     and no function off the allow-lists can be called. What was written is checked by reading
 *     every public table back as the superuser.
 *
 * A row's owner is its single-column foreign key to auth.users (id) (`user_id`, or `id` for
 * profiles). Tables without one (stripe_events, newsletter_subscribers, rate_limits, …) are
 * service-role only: there is no public read anywhere in the schema.
 *
 * The hand-written companion with the documented positive cases (a user edits their own profile
 * and settings, the service role writes billing) is tests/integration/backend/policies.test.ts.
 */
import { createHash, randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { anonClient, createConfirmedUser, localBackendForThisFile, type SignedInUser } from "../integration/backend/local-backend-fixture.ts";

const harness = localBackendForThisFile();

// -------------------------------------------------------------------------------------------------
// What the migrations allow (everything else must be closed)
// -------------------------------------------------------------------------------------------------

/**
 * Privileges of `authenticated` on public relations: owner reads, plus the profile name, the
 * preferences and time zone, and their own follow-up reminders. "SELECT" is every column;
 * "SELECT(a, b)" those columns only. A relation not listed must grant nothing. `anon` is granted nothing on any relation.
 */
const GRANTED_TO_AUTHENTICATED: Record<string, string[]> = {
  // Never token_hash: owners see their tokens' names and dates only.
  access_tokens: ["SELECT(created_at, hint, id, last_used_at, name, revoked_at, user_id)"],
  billing_customers: ["SELECT"],
  // Owners manage their reminders; user_id is never theirs to write (it defaults to auth.uid()).
  follow_ups: [
    "SELECT",
    "INSERT(completed_at, due_at, follow_up_number, label, request_key, url)",
    "UPDATE(completed_at, due_at, follow_up_number, label, url)",
    "DELETE",
  ],
  message_events: ["SELECT"],
  profiles: ["SELECT", "UPDATE(full_name)"],
  subscriptions: ["SELECT"],
  usage_tracking: ["SELECT"],
  user_settings: ["SELECT", "UPDATE(default_message_type, default_tone, notifications, time_zone, usage_analytics)"],
};

/** The landing page's account count: nothing else about users leaves it. */
const EXECUTABLE_BY_ANON = ["get_platform_stats()"];

/**
 * What a signed-in user's own session calls. Each is about the caller only: the ones taking a
 * user id refuse anyone else's (checked below), consume_message and dashboard_summary answer for
 * auth.uid(), and message_activity is security invoker, so RLS keeps it to the caller's events.
 */
const EXECUTABLE_BY_AUTHENTICATED = [
  "account_summary(uuid)",
  "consume_message()",
  "current_tier(uuid)",
  "dashboard_summary(integer)",
  "get_platform_stats()",
  "message_activity(integer)",
];

/**
 * Test values for columns whose check constraints a generic value would break: [user A's row,
 * user B's row, what an attacker writes]. Other columns get a value by type (valueFor); a new
 * constrained column makes seeding fail with its name, to be added here.
 */
const CONSTRAINED_VALUES: Record<string, readonly [unknown, unknown, unknown]> = {
  "access_tokens.hint": ["aaaa", "bbbb", "cccc"],
  "follow_ups.follow_up_number": [1, 2, 3],
  "follow_ups.url": ["https://mail.example.com/a", "https://mail.example.com/b", "https://evil.example.com/"],
  "message_events.message_type": ["text", "email", "crm"],
  "message_events.platform": ["web", "extension", "cli"],
  "message_events.tone": ["professional", "casual", "friendly"],
  "subscriptions.status": ["active", "canceled", "past_due"],
  "usage_tracking.month": ["2030-01", "2030-02", "2030-03"],
  "usage_tracking.tier": ["free", "pro", "pro"],
  "user_settings.default_message_type": ["text", "email", "crm"],
  "user_settings.default_tone": ["professional", "casual", "friendly"],
  "user_settings.time_zone": ["Europe/Berlin", "Asia/Tokyo", "America/New_York"],
};

// -------------------------------------------------------------------------------------------------
// Reading the catalogue
// -------------------------------------------------------------------------------------------------

type ApiRole = "anon" | "authenticated";
const API_ROLES: ApiRole[] = ["anon", "authenticated"];

interface Column {
  name: string;
  type: string;
  /** False for `generated always` identity and generated columns, which no one writes. */
  writable: boolean;
}

interface PublicTable {
  name: string;
  rowSecurity: boolean;
  columns: Column[];
  primaryKey: string[];
  /** Single-column foreign keys to auth.users (id). */
  ownerColumns: string[];
}

interface PublicFunction {
  signature: string;
  name: string;
  securityDefiner: boolean;
  config: string[] | null;
  executable: Record<ApiRole, boolean>;
  /** PostgREST exposes plain functions that do not return a trigger. */
  callableThroughRest: boolean;
  inputs: { name: string; type: string }[];
}

interface Policy {
  table: string;
  name: string;
  roles: string[];
  command: string;
  using: string | null;
  check: string | null;
}

const sql = <T>(query: string, params?: unknown[]) => harness.backend.sql<T>(query, params);
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables (ordinary and partitioned) of `public`, from pg_class, in name order. */
async function publicTables(): Promise<PublicTable[]> {
  const rows = await sql<{ name: string; row_security: boolean; columns: Column[]; primary_key: string[]; owner_columns: string[] }>(`
    select c.relname as name,
           c.relrowsecurity as row_security,
           coalesce((select json_agg(json_build_object(
                              'name', a.attname,
                              'type', format_type(a.atttypid, a.atttypmod),
                              'writable', a.attidentity <> 'a' and a.attgenerated = '') order by a.attnum)
                       from pg_attribute a
                      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
           coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                       from pg_index i
                       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey::int2[])
                      where i.indrelid = c.oid and i.indisprimary), '[]') as primary_key,
           coalesce((select json_agg(a.attname order by a.attname)
                       from pg_constraint k
                       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
                      where k.conrelid = c.oid and k.contype = 'f' and cardinality(k.conkey) = 1
                        and k.confrelid = 'auth.users'::regclass
                        and k.confkey[1] = (select attnum from pg_attribute
                                             where attrelid = 'auth.users'::regclass and attname = 'id')), '[]') as owner_columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')
     order by c.relname`);
  return rows.map((row) => ({
    name: row.name,
    rowSecurity: row.row_security,
    columns: row.columns,
    primaryKey: row.primary_key,
    ownerColumns: row.owner_columns,
  }));
}

/** The column that says whose row it is, if the table has exactly one. */
const ownerOf = (table: PublicTable): string | null => (table.ownerColumns.length === 1 ? table.ownerColumns[0]! : null);

const TABLE_PRIVILEGES = ["SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER", "MAINTAIN"];
const COLUMN_PRIVILEGES = new Set(["SELECT", "INSERT", "UPDATE", "REFERENCES"]);
const SEQUENCE_PRIVILEGES = ["USAGE", "SELECT", "UPDATE"];

/**
 * What `role` holds on each public relation (tables, views, materialized views, foreign tables,
 * sequences), as "SELECT" or "SELECT(a, b)"; relations where it holds nothing are left out.
 */
async function privilegesOf(role: ApiRole): Promise<Record<string, string[]>> {
  const rows = await sql<{ relation: string; privilege: string; whole: boolean; columns: string[] }>(
    `select c.relname as relation, p.privilege,
            case when c.relkind = 'S' then has_sequence_privilege($1, c.oid, p.privilege)
                 else has_table_privilege($1, c.oid, p.privilege) end as whole,
            case when c.relkind = 'S' or not (p.privilege = any ($4::text[])) then '{}'::text[]
                 else array(select a.attname::text from pg_attribute a
                             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                               and has_column_privilege($1, c.oid, a.attnum, p.privilege)
                             order by a.attname) end as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join unnest(case when c.relkind = 'S' then $3::text[] else $2::text[] end) with ordinality as p(privilege, ord) on true
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
      order by c.relname, p.ord`,
    [role, TABLE_PRIVILEGES, SEQUENCE_PRIVILEGES, [...COLUMN_PRIVILEGES]],
  );
  const held: Record<string, string[]> = {};
  for (const row of rows) {
    const privilege = row.whole ? row.privilege : row.columns.length > 0 ? `${row.privilege}(${row.columns.join(", ")})` : null;
    if (privilege) (held[row.relation] ??= []).push(privilege);
  }
  return held;
}

/** The columns of each table `role` may select (empty when none). */
async function selectableColumns(role: ApiRole): Promise<Map<string, string[]>> {
  const rows = await sql<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                     and has_column_privilege($1, c.oid, a.attnum, 'SELECT')
                   order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    [role],
  );
  return new Map(rows.map((row) => [row.name, row.columns]));
}

async function publicFunctions(): Promise<PublicFunction[]> {
  const rows = await sql<{
    signature: string;
    name: string;
    security_definer: boolean;
    config: string[] | null;
    anon: boolean;
    authenticated: boolean;
    callable: boolean;
    inputs: { name: string; type: string }[];
  }>(`
    select format('%s(%s)', p.proname, oidvectortypes(p.proargtypes)) as signature,
           p.proname as name,
           p.prosecdef as security_definer,
           p.proconfig as config,
           has_function_privilege('anon', p.oid, 'EXECUTE') as anon,
           has_function_privilege('authenticated', p.oid, 'EXECUTE') as authenticated,
           p.prokind = 'f' and p.prorettype not in ('pg_catalog.trigger'::regtype, 'pg_catalog.event_trigger'::regtype) as callable,
           coalesce((select json_agg(json_build_object('name', a.name, 'type', format_type(a.type, null)) order by a.ord)
                       from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]),
                                   coalesce(p.proargmodes::text[], array_fill('i'::text, array[p.pronargs::int])),
                                   p.proargnames) with ordinality as a(type, mode, name, ord)
                      where a.mode in ('i', 'b', 'v')), '[]') as inputs
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public'
     order by 1`);
  return rows.map((row) => ({
    signature: row.signature,
    name: row.name,
    securityDefiner: row.security_definer,
    config: row.config,
    executable: { anon: row.anon, authenticated: row.authenticated },
    callableThroughRest: row.callable,
    inputs: row.inputs,
  }));
}

async function publicPolicies(): Promise<Policy[]> {
  return sql<Policy>(`
    select tablename::text as table, policyname::text as name, roles::text[] as roles, cmd as command,
           qual as using, with_check as check
      from pg_policies where schemaname = 'public' order by tablename, policyname`);
}

/** `auth.uid() = owner`, as Postgres prints it back (with or without the initplan sub-select). */
function isOwnerPredicate(expression: string | null, owner: string): boolean {
  if (expression === null) return false;
  const uid = String.raw`(?:\( SELECT auth\.uid\(\) AS uid\)|auth\.uid\(\))`;
  // Postgres quotes a column name only when it has to.
  const column = /^[a-z_][a-z0-9_]*$/.test(owner) ? owner : ident(owner);
  const escaped = column.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^\\((?:${uid} = ${escaped}|${escaped} = ${uid})\\)$`).test(expression);
}

// -------------------------------------------------------------------------------------------------
// Seeding: one row per table for user A (and one for user B where the table has an owner)
// -------------------------------------------------------------------------------------------------

/** Variant 0 is user A's row, 1 user B's, 2 what an attacker writes. */
type Variant = 0 | 1 | 2;

function valueFor(table: string, column: Column, variant: Variant): unknown {
  const constrained = CONSTRAINED_VALUES[`${table}.${column.name}`];
  if (constrained) return constrained[variant];
  const type = column.type.replace(/\(.*\)$/, "");
  switch (type) {
    case "text":
    case "character varying":
    case "character":
    case "citext":
      // 64 lower-case hex digits: fits the hash, PKCE-challenge, lower-case-email and length checks.
      return createHash("sha256").update(`${table}.${column.name}.${variant}`).digest("hex");
    case "uuid":
      return randomUUID();
    case "smallint":
    case "integer":
    case "bigint":
    case "numeric":
    case "real":
    case "double precision":
      return variant;
    case "integer[]":
      return [variant, 4095 - variant];
    case "boolean":
      return variant !== 0;
    case "timestamp with time zone":
    case "timestamp without time zone":
      return new Date(Date.UTC(2030, 0, variant + 1)).toISOString();
    case "date":
      return `2030-01-0${variant + 1}`;
    case "json":
    case "jsonb":
      return { variant };
    default:
      throw new Error(`No test value for public.${table}.${column.name} (${column.type}): add one to CONSTRAINED_VALUES or valueFor`);
  }
}

/** A full row (every writable column) of `variant`, owned by `ownerId` when the table has an owner. */
function rowFor(table: PublicTable, variant: Variant, ownerId: string | null): Record<string, unknown> {
  const owner = ownerOf(table);
  return Object.fromEntries(
    table.columns
      .filter((column) => column.writable)
      .map((column) => [column.name, column.name === owner && ownerId ? ownerId : valueFor(table.name, column, variant)]),
  );
}

async function insertAsSuperuser(table: PublicTable, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  try {
    // profiles and user_settings already have each user's row (the sign-up trigger made them).
    await sql(
      `insert into public.${ident(table.name)} (${columns.map(ident).join(", ")})
       values (${columns.map((_, i) => `$${i + 1}`).join(", ")}) on conflict do nothing`,
      Object.values(row),
    );
  } catch (error) {
    throw new Error(`Could not seed public.${table.name}: ${String(error)}. Add valid values to CONSTRAINED_VALUES.`, { cause: error });
  }
}

async function countRows(table: PublicTable, owner: string | null, ownerId: string | null): Promise<number> {
  const where = owner ? ` where ${ident(owner)} = $1` : "";
  const [row] = await sql<{ n: number }>(`select count(*)::int as n from public.${ident(table.name)}${where}`, owner ? [ownerId] : undefined);
  return row!.n;
}

/**
 * Every public table's rows, as JSON in a stable order, except those owned by `exceptOwnerId`
 * (the attacker may change their own): what "nothing was written" is checked against. A row
 * moved to or from the attacker shows up as a change.
 */
type Snapshot = Record<string, string>;

async function othersRows(tables: PublicTable[], exceptOwnerId: string | null): Promise<Snapshot> {
  const parts = tables.map((table) => {
    const owner = ownerOf(table);
    const where = owner ? ` where $1::uuid is null or r.${ident(owner)} is distinct from $1::uuid` : "";
    return `(select coalesce(jsonb_agg(to_jsonb(r) order by to_jsonb(r)::text), '[]'::jsonb)::text
               from public.${ident(table.name)} r${where}) as ${ident(table.name)}`;
  });
  const [row] = await sql<Snapshot>(`select ${parts.join(", ")}`, [exceptOwnerId]);
  return row!;
}

interface World {
  tables: PublicTable[];
  ann: SignedInUser;
  bob: SignedInUser;
  /** For each table, one of user A's rows (or, without an owner column, the seeded row), as JSON. */
  target: Map<string, Record<string, unknown>>;
}

/** User A and user B signed up for real, with one row each in every public table. */
async function seededWorld(): Promise<World> {
  const tables = await publicTables();
  const ann = await createConfirmedUser(harness.backend, "ann@example.com", "Ann");
  const bob = await createConfirmedUser(harness.backend, "bob@example.com", "Bob");
  const target = new Map<string, Record<string, unknown>>();
  for (const table of tables) {
    const owner = ownerOf(table);
    await insertAsSuperuser(table, rowFor(table, 0, ann.id));
    if (owner) await insertAsSuperuser(table, rowFor(table, 1, bob.id));
    const where = owner ? ` where ${ident(owner)} = $1` : "";
    const [seeded] = await sql<{ row: Record<string, unknown> }>(
      `select to_jsonb(r) as row from public.${ident(table.name)} r${where} limit 1`,
      owner ? [ann.id] : undefined,
    );
    if (!seeded) throw new Error(`No row for user A in public.${table.name} after seeding`);
    if (owner && (await countRows(table, owner, bob.id)) === 0) throw new Error(`No row for user B in public.${table.name} after seeding`);
    target.set(table.name, seeded.row);
  }
  return { tables, ann, bob, target };
}

// -------------------------------------------------------------------------------------------------
// Attackers
// -------------------------------------------------------------------------------------------------

interface Attacker {
  name: string;
  role: ApiRole;
  client: SupabaseClient;
  /** The attacker's own user id (null for anon). */
  id: string | null;
}

const ATTACKERS = ["anon", "user B"] as const;

function attacker(who: (typeof ATTACKERS)[number], world: World): Attacker {
  return who === "anon"
    ? { name: "anon", role: "anon", client: anonClient(), id: null }
    : { name: "user B", role: "authenticated", client: world.bob.client, id: world.bob.id };
}

/**
 * Narrows a query to user A's row of `table`: its owner column, else the seeded row's primary key
 * (a table without either is aimed at whole, which is its one seeded row).
 */
function aimAt(world: World, table: PublicTable): Record<string, unknown> {
  const owner = ownerOf(table);
  if (owner) return { [owner]: world.ann.id };
  const row = world.target.get(table.name)!;
  return Object.fromEntries(table.primaryKey.map((column) => [column, row[column]]));
}

type Answer = PromiseLike<{ error: { code: string; message: string } | null }>;

interface AttackLog {
  findings: string[];
  /**
   * Sends one attack and records a finding if it was answered with anything but "permission
   * denied" (42501) — a plain success is fine when `mayAffectNoRows` — or if any row the attacker
   * does not own changed, in any public table.
   */
  attempt(what: string, send: () => Answer, options: { mayAffectNoRows: boolean }): Promise<void>;
}

async function attackLog(world: World, me: Attacker): Promise<AttackLog> {
  const findings: string[] = [];
  let before = await othersRows(world.tables, me.id);
  return {
    findings,
    async attempt(what, send, { mayAffectNoRows }) {
      const label = `${me.name}: ${what}`;
      const { error } = await send();
      if (error && error.code !== "42501") findings.push(`${label}: answered ${error.code} "${error.message}", expected 42501`);
      else if (!error && !mayAffectNoRows) findings.push(`${label}: was accepted`);
      const after = await othersRows(world.tables, me.id);
      const changed = world.tables.map((table) => table.name).filter((name) => after[name] !== before[name]);
      if (changed.length > 0) findings.push(`${label}: changed ${changed.map((name) => `public.${name}`).join(", ")}`);
      before = after;
    },
  };
}

function differs(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string" && /^\d{4}-\d\d-\d\dT/.test(a) && /^\d{4}-\d\d-\d\dT/.test(b)) {
    return Date.parse(a) !== Date.parse(b);
  }
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** A valid new value for `column` that differs from what user A's row holds. */
function changedValue(table: PublicTable, column: Column, current: unknown): unknown {
  const candidates = ([2, 1, 0] as const).map((variant) => valueFor(table.name, column, variant));
  return candidates.find((candidate) => differs(candidate, current)) ?? candidates[0];
}

// -------------------------------------------------------------------------------------------------
// The catalogue
// -------------------------------------------------------------------------------------------------

describe("the catalogue", () => {
  it("finds the tables of the migrations (the discovery query works)", async () => {
    const names = (await publicTables()).map((table) => table.name);
    expect(names).toEqual(
      expect.arrayContaining(["access_tokens", "profiles", "rate_limits", "stripe_events", "subscriptions", "usage_tracking", "user_settings"]),
    );
  });

  it("has row-level security enabled on every public table", async () => {
    const withoutRls = (await publicTables()).filter((table) => !table.rowSecurity).map((table) => `public.${table.name}`);
    expect(withoutRls, "tables without row-level security").toEqual([]);
  });

  it("gives every public table at most one owner column (a foreign key to auth.users (id))", async () => {
    const ambiguous = (await publicTables())
      .filter((table) => table.ownerColumns.length > 1)
      .map((table) => `public.${table.name}: ${table.ownerColumns.join(", ")}`);
    expect(ambiguous).toEqual([]);
  });

  it("grants anon nothing on any public table, view or sequence", async () => {
    expect(await privilegesOf("anon")).toEqual({});
  });

  it("grants authenticated only the documented owner access", async () => {
    expect(await privilegesOf("authenticated")).toEqual(GRANTED_TO_AUTHENTICATED);
  });

  it("has only policies for authenticated that match the row's owner", async () => {
    const tables = new Map((await publicTables()).map((table) => [table.name, table]));
    const policies = await publicPolicies();
    const findings: string[] = [];
    for (const policy of policies) {
      const what = `policy "${policy.name}" on public.${policy.table}`;
      const owner = tables.has(policy.table) ? ownerOf(tables.get(policy.table)!) : null;
      if (!owner) {
        findings.push(`${what}: the table has no owner column`);
        continue;
      }
      if (policy.roles.join(",") !== "authenticated") findings.push(`${what}: applies to ${policy.roles.join(", ")}, expected authenticated only`);
      if (policy.command !== "INSERT" && !isOwnerPredicate(policy.using, owner)) {
        findings.push(`${what}: USING ${policy.using ?? "(none)"}, expected auth.uid() = ${owner}`);
      }
      const checkRequired = policy.command === "INSERT";
      if ((checkRequired || policy.check !== null) && !isOwnerPredicate(policy.check, owner)) {
        findings.push(`${what}: WITH CHECK ${policy.check ?? "(none)"}, expected auth.uid() = ${owner}`);
      }
    }
    // Every table authenticated may read has a policy that shows the owner their rows.
    const readPolicies = new Set(policies.filter((policy) => ["SELECT", "ALL"].includes(policy.command)).map((policy) => policy.table));
    for (const table of Object.keys(GRANTED_TO_AUTHENTICATED)) {
      if (!readPolicies.has(table)) findings.push(`public.${table}: readable by authenticated but has no SELECT policy`);
    }
    expect(findings).toEqual([]);
  });

  it("lets no API role own a public table, bypass row-level security or create objects in public", async () => {
    const [roles, owned, create] = await Promise.all([
      sql<{ role: string }>(`select rolname as role from pg_roles where rolname in ('anon', 'authenticated') and (rolbypassrls or rolsuper)`),
      sql<{ relation: string }>(
        `select c.relname as relation from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and pg_get_userbyid(c.relowner) in ('anon', 'authenticated')`,
      ),
      sql<{ role: string }>(
        `select role from unnest(array['anon', 'authenticated']) as role where has_schema_privilege(role, 'public', 'CREATE')`,
      ),
    ]);
    expect({ bypassRls: roles, owners: owned, canCreate: create }).toEqual({ bypassRls: [], owners: [], canCreate: [] });
  });

  it.each(API_ROLES)("lets %s execute only the allow-listed functions", async (role) => {
    const allowed = role === "anon" ? EXECUTABLE_BY_ANON : EXECUTABLE_BY_AUTHENTICATED;
    const executable = (await publicFunctions()).filter((fn) => fn.executable[role]).map((fn) => fn.signature);
    expect(executable.sort(), `functions ${role} may execute`).toEqual([...allowed].sort());
  });

  it("pins search_path on every security-definer function", async () => {
    const unpinned = (await publicFunctions())
      .filter((fn) => fn.securityDefiner && !(fn.config ?? []).some((setting) => setting.startsWith("search_path=")))
      .map((fn) => fn.signature);
    expect(unpinned, "security definer functions without `set search_path`").toEqual([]);
  });
});

// -------------------------------------------------------------------------------------------------
// The REST API, as an attacker
// -------------------------------------------------------------------------------------------------

describe.each(ATTACKERS)("through the REST API, as %s", (who) => {
  it("reads none of user A's rows in any public table", async () => {
    const world = await seededWorld();
    const me = attacker(who, world);
    const selectable = await selectableColumns(me.role);
    const findings: string[] = [];
    for (const table of world.tables) {
      const what = `${me.name}: select from public.${table.name}`;
      const columns = selectable.get(table.name) ?? [];
      const { data, error } = await me.client.from(table.name).select(columns.length > 0 ? columns.join(",") : "*");
      const rows = (data ?? []) as unknown as Record<string, unknown>[];
      if (columns.length === 0) {
        if (error?.code !== "42501") findings.push(`${what}: expected 42501, got ${error ? error.code : `${rows.length} row(s)`}`);
        continue;
      }
      if (error) {
        findings.push(`${what}: answered ${error.code} "${error.message}"`);
        continue;
      }
      const owner = ownerOf(table);
      const mine = owner && me.id ? await countRows(table, owner, me.id) : 0;
      if (owner && columns.includes(owner)) {
        const others = rows.filter((row) => row[owner] !== me.id).length;
        if (others > 0) findings.push(`${what}: returned ${others} row(s) the caller does not own`);
      }
      // Also catches rows whose owner column the caller may not see, and the caller's own rows
      // going missing (which would make the check above vacuous).
      if (rows.length !== mine) findings.push(`${what}: returned ${rows.length} row(s), the caller owns ${mine}`);
    }
    expect(findings).toEqual([]);
  });

  it("inserts no row for user A (and none at all where the table has no owner)", async () => {
    const world = await seededWorld();
    const me = attacker(who, world);
    const log = await attackLog(world, me);
    for (const table of world.tables) {
      const row = rowFor(table, 2, world.ann.id);
      await log.attempt(`insert into public.${table.name}`, () => me.client.from(table.name).insert(row), { mayAffectNoRows: false });
    }
    expect(log.findings).toEqual([]);
  });

  it("upserts over none of user A's rows", async () => {
    const world = await seededWorld();
    const me = attacker(who, world);
    const log = await attackLog(world, me);
    for (const table of world.tables) {
      // A key with a `generated always` column cannot be written, so no upsert can aim at it
      // (message_events); the insert test covers those tables.
      const writable = new Set(table.columns.filter((column) => column.writable).map((column) => column.name));
      if (table.primaryKey.length === 0 || !table.primaryKey.every((column) => writable.has(column))) continue;
      const key = Object.fromEntries(table.primaryKey.map((column) => [column, world.target.get(table.name)![column]]));
      const row = { ...rowFor(table, 2, world.ann.id), ...key };
      await log.attempt(
        `upsert into public.${table.name}`,
        () => me.client.from(table.name).upsert(row, { onConflict: table.primaryKey.join(",") }),
        { mayAffectNoRows: false },
      );
    }
    expect(log.findings).toEqual([]);
  });

  it("updates no column of user A's rows in any public table", async () => {
    const world = await seededWorld();
    const me = attacker(who, world);
    const log = await attackLog(world, me);
    for (const table of world.tables) {
      const owner = ownerOf(table);
      const current = world.target.get(table.name)!;
      for (const column of table.columns.filter((candidate) => candidate.writable)) {
        // The owner column is set to user B: handing A's row to B.
        const change = { [column.name]: column.name === owner ? world.bob.id : changedValue(table, column, current[column.name]) };
        await log.attempt(
          `update public.${table.name} set ${column.name} where it is user A's row`,
          () => me.client.from(table.name).update(change).match(aimAt(world, table)),
          { mayAffectNoRows: true },
        );
        // Without a filter too: a filter makes Postgres apply the SELECT policies as well, which
        // would hide an UPDATE policy that lets everything through.
        await log.attempt(`update every row of public.${table.name} set ${column.name}`, () => me.client.from(table.name).update(change), {
          mayAffectNoRows: true,
        });
      }
      if (owner && me.id) {
        // Handing the attacker's own row to A: a row A never wrote.
        await log.attempt(
          `update public.${table.name} set ${owner} = user A on their own rows`,
          () => me.client.from(table.name).update({ [owner]: world.ann.id }).eq(owner, me.id!),
          { mayAffectNoRows: true },
        );
      }
    }
    expect(log.findings).toEqual([]);
  });

  it("deletes none of user A's rows in any public table", async () => {
    const world = await seededWorld();
    const me = attacker(who, world);
    const log = await attackLog(world, me);
    for (const table of world.tables) {
      await log.attempt(`delete user A's row from public.${table.name}`, () => me.client.from(table.name).delete().match(aimAt(world, table)), {
        mayAffectNoRows: true,
      });
      await log.attempt(`delete every row of public.${table.name}`, () => me.client.from(table.name).delete(), { mayAffectNoRows: true });
    }
    expect(log.findings).toEqual([]);
  });

  it("is refused every public function off its allow-list", async () => {
    const world = await seededWorld();
    const me = attacker(who, world);
    const allowed = me.role === "anon" ? EXECUTABLE_BY_ANON : EXECUTABLE_BY_AUTHENTICATED;
    const log = await attackLog(world, me);
    const refused = (await publicFunctions()).filter((fn) => fn.callableThroughRest && !allowed.includes(fn.signature));
    expect(refused.length).toBeGreaterThan(0);
    for (const fn of refused) {
      // Arguments aimed at user A; EXECUTE is checked before any of them is looked at.
      const args = Object.fromEntries(fn.inputs.map((input) => [input.name, input.type === "uuid" ? world.ann.id : null]));
      await log.attempt(`rpc ${fn.signature}`, () => me.client.rpc(fn.name, args), { mayAffectNoRows: false });
    }
    expect(log.findings).toEqual([]);
  });
});

describe("through the REST API, as user B with user A's id", () => {
  it("is refused by every function they may execute that takes a user id", async () => {
    const world = await seededWorld();
    const log = await attackLog(world, attacker("user B", world));
    const takingUserIds = (await publicFunctions()).filter(
      (fn) => fn.executable.authenticated && fn.callableThroughRest && fn.inputs.some((input) => input.type === "uuid"),
    );
    expect(takingUserIds.map((fn) => fn.signature)).toEqual(expect.arrayContaining(["account_summary(uuid)", "current_tier(uuid)"]));
    for (const fn of takingUserIds) {
      const args = Object.fromEntries(fn.inputs.map((input) => [input.name, input.type === "uuid" ? world.ann.id : null]));
      await log.attempt(`rpc ${fn.signature} for user A`, () => world.bob.client.rpc(fn.name, args), { mayAffectNoRows: false });
    }
    expect(log.findings).toEqual([]);
  });
});
