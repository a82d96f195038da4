/**
 * The local Supabase's Postgres: PGlite with the bootstrap (what Supabase provides before any
 * migration) and then every file of supabase/migrations applied in order, unchanged, recorded in
 * supabase_migrations.schema_migrations like the Supabase CLI does.
 *
 * In memory (tests), a migrated snapshot is cached under node_modules/.cache so that each test
 * file pays PGlite's cold start once, not the whole migration run. On disk (development), the
 * data directory persists and only new migrations are applied at start.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import type { Clock } from "../clock.ts";
import { errorMessage } from "../../app/lib/error-message.ts";

export type { Transaction };

/** The roles PostgREST switches to, as named in the caller's JWT. */
export type ApiRole = "anon" | "authenticated" | "service_role";
export const API_ROLES: ReadonlyArray<ApiRole> = ["anon", "authenticated", "service_role"];

export interface RequestSettings {
  role: ApiRole;
  claims: Record<string, unknown>;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** GET and HEAD run read-only, as in PostgREST. */
  readOnly: boolean;
}

export interface Database {
  /** Runs `work` in one transaction as the superuser, at the clock's time. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs `work` in one transaction as the request's role with its JWT claims, like PostgREST. */
  transactionAs<T>(request: RequestSettings, work: (tx: Transaction) => Promise<T>): Promise<T>;
  /** One statement with parameters, or a script without, as the superuser; the last result's rows. */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Empties every table of the auth and public schemas (the migrated, empty state). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const repositoryRoot = fileURLToPath(new URL("../../", import.meta.url));
const migrationsDir = join(repositoryRoot, "supabase", "migrations");
const bootstrapFile = fileURLToPath(new URL("./bootstrap.sql", import.meta.url));
const snapshotCacheDir = join(repositoryRoot, "node_modules", ".cache", "tonewise-local-backend");

interface Migration {
  version: string;
  name: string;
  sql: string;
}

async function readMigrations(): Promise<Migration[]> {
  const files = (await readdir(migrationsDir)).filter((file) => file.endsWith(".sql")).sort();
  return Promise.all(
    files.map(async (file) => {
      const match = /^(\d+)_?(.*)\.sql$/.exec(file);
      if (!match) throw new Error(`Migration file name must start with a timestamp: ${file}`);
      return { version: match[1]!, name: match[2]!, sql: await readFile(join(migrationsDir, file), "utf8") };
    }),
  );
}

async function isBootstrapped(db: PGlite): Promise<boolean> {
  const { rows } = await db.query<{ ready: boolean }>(`select to_regclass('auth.users') is not null as ready`);
  return rows[0]?.ready === true;
}

async function migrate(db: PGlite, bootstrapSql: string, migrations: Migration[]): Promise<void> {
  if (!(await isBootstrapped(db))) {
    await db.transaction(async (tx) => {
      await tx.exec(bootstrapSql);
    });
  }
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text
    );
  `);
  const { rows } = await db.query<{ version: string }>(`select version from supabase_migrations.schema_migrations`);
  const applied = new Set(rows.map((row) => row.version));
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    try {
      await db.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query(`insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)`, [
          migration.version,
          migration.name,
        ]);
      });
    } catch (error) {
      const reason = errorMessage(error);
      throw new Error(`Migration ${migration.version}_${migration.name}.sql failed: ${reason}`, { cause: error });
    }
  }
}

function pgliteVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve("@electric-sql/pglite");
    const pkg = require(join(dirname(entry), "..", "package.json")) as { version?: string };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

async function openInMemory(bootstrapSql: string, migrations: Migration[]): Promise<PGlite> {
  const key = createHash("sha256")
    .update(pgliteVersion())
    .update(bootstrapSql)
    .update(JSON.stringify(migrations))
    .digest("hex")
    .slice(0, 24);
  const snapshotFile = join(snapshotCacheDir, `${key}.tar`);

  const cached = await readFile(snapshotFile).catch(() => undefined);
  if (cached) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([new Uint8Array(cached)]) });
    } catch {
      // A snapshot from an incompatible PGlite: rebuild it below.
    }
  }

  const db = await PGlite.create();
  await migrate(db, bootstrapSql, migrations);
  try {
    const dump = await db.dumpDataDir("none");
    await mkdir(snapshotCacheDir, { recursive: true });
    for (const stale of await readdir(snapshotCacheDir)) {
      if (stale.endsWith(".tar") && stale !== `${key}.tar`) await rm(join(snapshotCacheDir, stale), { force: true });
    }
    // Written under a temporary name, then renamed: parallel test workers never read half a file.
    const partial = `${snapshotFile}.${process.pid}.partial`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, snapshotFile);
  } catch {
    // The cache is an optimisation only.
  }
  return db;
}

export async function openDatabase(options: { clock: Clock; dataDir?: string }): Promise<Database> {
  const { clock } = options;
  const [bootstrapSql, migrations] = await Promise.all([readFile(bootstrapFile, "utf8"), readMigrations()]);

  let db: PGlite;
  if (options.dataDir === undefined) {
    db = await openInMemory(bootstrapSql, migrations);
  } else {
    const dataDir = join(resolve(options.dataDir), "postgres");
    await mkdir(dataDir, { recursive: true });
    db = await PGlite.create(dataDir);
    await migrate(db, bootstrapSql, migrations);
  }

  /** The backend's clock as the database reads it (`local_backend.now`). */
  const clockSetting = () => new Date(clock.now()).toISOString();
  const atClockTime = (tx: Transaction) => tx.query(`select set_config('local_backend.now', $1, true)`, [clockSetting()]);

  const database: Database = {
    transaction(work) {
      return db.transaction(async (tx) => {
        await atClockTime(tx);
        return work(tx);
      });
    },

    transactionAs(request, work) {
      return db.transaction(async (tx) => {
        // Must come first: SET TRANSACTION is refused after any query.
        if (request.readOnly) await tx.exec("set transaction read only");
        // What PostgREST sets for each request (RLS policies and auth.uid() read these), and the
        // backend's clock, in one statement.
        await tx.query(
          `select set_config('local_backend.now', $6, true),
                  set_config('request.jwt.claims', $1, true),
                  set_config('request.method', $2, true),
                  set_config('request.path', $3, true),
                  set_config('request.headers', $4, true),
                  set_config('role', $5, true)`,
          [
            JSON.stringify(request.claims),
            request.method,
            request.path,
            JSON.stringify(request.headers),
            request.role,
            clockSetting(),
          ],
        );
        return work(tx);
      });
    },

    async sql<T>(query: string, params?: unknown[]) {
      return database.transaction(async (tx) => {
        if (params && params.length > 0) return (await tx.query<T>(query, params)).rows;
        const results = await tx.exec(query);
        return (results.at(-1)?.rows ?? []) as T[];
      });
    },

    async reset() {
      await database.transaction(async (tx) => {
        const { rows } = await tx.query<{ name: string }>(
          `select format('%I.%I', schemaname, tablename) as name
             from pg_tables where schemaname in ('auth', 'public') order by 1`,
        );
        if (rows.length === 0) return;
        // Names come from the catalog, already quoted by format('%I').
        await tx.exec(`truncate table ${rows.map((row) => row.name).join(", ")} restart identity cascade`);
      });
    },

    close: () => db.close(),
  };
  return database;
}
