/**
 * PostgREST's schema cache, for the exposed schema (public): tables and views with their columns
 * and primary keys, and functions with their arguments and result shape. Read from the catalog
 * as the superuser (like PostgREST, it lists objects whatever the caller may use; privileges are
 * then enforced by Postgres). Cleared whenever the database may have changed (reset, raw SQL).
 */
import type { Database } from "../database.ts";

export interface TableInfo {
  name: string;
  columns: Map<string, { type: string }>;
  primaryKey: string[];
}

export interface FunctionArgument {
  name: string;
  type: string;
}

export interface FunctionInfo {
  name: string;
  /** Input arguments in order; the last `defaults` of them may be omitted. */
  args: FunctionArgument[];
  defaults: number;
  returnsSet: boolean;
  returns: "void" | "scalar" | "composite";
}

export interface SchemaCache {
  tables(): Promise<Map<string, TableInfo>>;
  functions(): Promise<Map<string, FunctionInfo[]>>;
  clear(): void;
}

export function createSchemaCache(db: Database): SchemaCache {
  let tables: Promise<Map<string, TableInfo>> | undefined;
  let functions: Promise<Map<string, FunctionInfo[]>> | undefined;

  const loadTables = async () => {
    const rows = await db.sql<{ name: string; columns: { name: string; type: string }[]; primary_key: string[] }>(`
      select c.relname as name,
             coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod))
                                       order by a.attnum)
                         from pg_attribute a
                        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
             coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                         from pg_index i
                         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey::int2[])
                        where i.indrelid = c.oid and i.indisprimary), '[]') as primary_key
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')`);
    return new Map(
      rows.map((row) => [
        row.name,
        {
          name: row.name,
          columns: new Map(row.columns.map((column) => [column.name, { type: column.type }])),
          primaryKey: row.primary_key,
        },
      ]),
    );
  };

  const loadFunctions = async () => {
    const rows = await db.sql<{
      name: string;
      returns_set: boolean;
      returns_void: boolean;
      returns_composite: boolean;
      defaults: number;
      args: { name: string | null; type: string; mode: string }[];
    }>(`
      select p.proname as name,
             p.proretset as returns_set,
             p.prorettype = 'pg_catalog.void'::regtype as returns_void,
             (t.typtype = 'c' or p.prorettype = 'pg_catalog.record'::regtype
               or 'o' = any (p.proargmodes::text[]) or 't' = any (p.proargmodes::text[])) as returns_composite,
             p.pronargdefaults::int as defaults,
             coalesce((select json_agg(json_build_object('name', a.name, 'type', format_type(a.type, null), 'mode', a.mode)
                                       order by a.ord)
                         from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]),
                                     coalesce(p.proargmodes::text[], array_fill('i'::text, array[p.pronargs::int])),
                                     p.proargnames) with ordinality as a(type, mode, name, ord)), '[]') as args
        from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        join pg_type t on t.oid = p.prorettype
       where n.nspname = 'public' and p.prokind = 'f' and t.typname not in ('trigger', 'event_trigger')`);
    const byName = new Map<string, FunctionInfo[]>();
    for (const row of rows) {
      const info: FunctionInfo = {
        name: row.name,
        args: row.args
          .filter((arg) => arg.mode === "i" || arg.mode === "b" || arg.mode === "v")
          .map((arg) => ({ name: arg.name ?? "", type: arg.type })),
        defaults: row.defaults,
        returnsSet: row.returns_set,
        returns: row.returns_void ? "void" : row.returns_composite ? "composite" : "scalar",
      };
      byName.set(row.name, [...(byName.get(row.name) ?? []), info]);
    }
    return byName;
  };

  return {
    tables: () => (tables ??= loadTables().catch((error) => {
      tables = undefined;
      throw error;
    })),
    functions: () => (functions ??= loadFunctions().catch((error) => {
      functions = undefined;
      throw error;
    })),
    clear() {
      tables = undefined;
      functions = undefined;
    },
  };
}
