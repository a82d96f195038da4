/**
 * The local PostgREST's request and response shapes, on a scratch table and functions created
 * for this file (the migrations' default privileges keep new objects closed, so they are granted
 * here explicitly).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import { anonClient, serviceClient, localBackendForThisFile } from "./local-backend-fixture.ts";

const harness = localBackendForThisFile();

beforeEach(async () => {
  await harness.backend.sql(`
    create table if not exists public.notes (
      id int primary key,
      title text not null,
      tag text,
      score numeric default 1.5,
      created_at timestamptz not null default now()
    );
    create or replace function public.add_them(a int, b int default 10) returns int language sql as $$ select a + b $$;
    create or replace function public.tags() returns setof text language sql as $$ select distinct tag from public.notes where tag is not null order by 1 $$;
    create or replace function public.touch() returns void language sql as $$ select $$;
    create or replace function public.first_note() returns public.notes language sql as $$ select * from public.notes order by id limit 1 $$;
    create or replace function public.notes_tagged(p_tag text) returns setof public.notes language sql as $$ select * from public.notes where tag = p_tag $$;
    grant select, insert, update, delete on public.notes to anon;
    grant execute on function public.add_them(int, int), public.tags(), public.touch(), public.first_note(), public.notes_tagged(text) to anon;
  `);
  const { error } = await serviceClient()
    .from("notes")
    .insert([
      { id: 1, title: "One", tag: "a" },
      { id: 2, title: "Two", tag: "b" },
      { id: 3, title: "Three", tag: "a" },
      { id: 4, title: "Four" },
    ]);
  expect(error).toBeNull();
});

describe("reading", () => {
  it("filters, orders, limits and counts", async () => {
    const anon = anonClient();
    expect((await anon.from("notes").select("id").in("tag", ["a", "b"]).order("id", { ascending: false })).data).toEqual([
      { id: 3 },
      { id: 2 },
      { id: 1 },
    ]);
    expect((await anon.from("notes").select("id").is("tag", null)).data).toEqual([{ id: 4 }]);
    expect((await anon.from("notes").select("id").not("tag", "eq", "a").order("id")).data).toEqual([{ id: 2 }]);
    expect((await anon.from("notes").select("id").gte("id", 2).lt("id", 4).order("id")).data).toEqual([{ id: 2 }, { id: 3 }]);
    expect((await anon.from("notes").select("id").ilike("title", "t%").order("id")).data).toEqual([{ id: 2 }, { id: 3 }]);
    const page = await anon.from("notes").select("name:title", { count: "exact" }).order("id").range(1, 2);
    expect(page).toMatchObject({ data: [{ name: "Two" }, { name: "Three" }], count: 4 });
    const head = await anon.from("notes").select("*", { count: "exact", head: true });
    expect(head).toMatchObject({ data: null, count: 4, error: null });
  });

  it("answers single and maybeSingle like PostgREST", async () => {
    const anon = anonClient();
    expect((await anon.from("notes").select("title").eq("id", 1).single()).data).toEqual({ title: "One" });
    expect((await anon.from("notes").select("title").eq("id", 99).maybeSingle())).toMatchObject({ data: null, error: null });
    const many = await anon.from("notes").select("title").eq("tag", "a").single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: "PGRST116", details: "The result contains 2 rows" });
  });

  it("returns Postgres errors in PostgREST's shape", async () => {
    const badValue = await anonClient().from("notes").select("id").eq("id", "x");
    expect(badValue).toMatchObject({ status: 400, error: { code: "22P02" } });
    const badColumn = await anonClient().from("notes").select("nope");
    expect(badColumn).toMatchObject({ status: 400, error: { code: "42703" } });
    const raw = await fetch(`${LOCAL_SUPABASE_URL}/rest/v1/notes?select=id)`, { headers: { apikey: LOCAL_SUPABASE_ANON_KEY } });
    expect(raw.status).toBe(400);
    expect((await raw.json()).code).toBe("PGRST100");
  });
});

describe("writing", () => {
  it("inserts, upserts, updates and deletes with return=representation or minimal", async () => {
    const anon = anonClient();
    const inserted = await anon.from("notes").insert({ id: 5, title: "Five" }).select().single();
    expect(inserted).toMatchObject({ status: 201, data: { id: 5, title: "Five", tag: null, score: 1.5 } });
    expect((inserted.data as { created_at: string }).created_at).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+\+00:00$/);
    expect(await anon.from("notes").insert({ id: 6, title: "Six" })).toMatchObject({ status: 201, data: null, error: null });

    const duplicate = await anon.from("notes").insert({ id: 1, title: "Again" });
    expect(duplicate).toMatchObject({ status: 409, error: { code: "23505" } });
    const missing = await anon.from("notes").insert({ id: 7 });
    expect(missing).toMatchObject({ status: 400, error: { code: "23502" } });
    const unknownColumn = await anon.from("notes").insert({ id: 8, title: "x", colour: "red" });
    expect(unknownColumn).toMatchObject({ status: 400, error: { code: "PGRST204" } });

    const merged = await anon.from("notes").upsert([{ id: 1, title: "Uno" }, { id: 9, title: "Nine" }]).select("id, title").order("id");
    expect(merged.data).toEqual([
      { id: 1, title: "Uno" },
      { id: 9, title: "Nine" },
    ]);
    const ignored = await anon.from("notes").upsert({ id: 2, title: "Ignored" }, { ignoreDuplicates: true }).select();
    expect(ignored.data).toEqual([]);
    const byTitle = await anon.from("notes").upsert({ id: 2, title: "Two", tag: "z" }, { onConflict: "id" }).select("tag").single();
    expect(byTitle.data).toEqual({ tag: "z" });

    expect(await anon.from("notes").update({ tag: "c" }).eq("tag", "a")).toMatchObject({ status: 204, error: null });
    expect((await anon.from("notes").update({ tag: "d" }).eq("tag", "c").select("id").order("id")).data).toEqual([{ id: 1 }, { id: 3 }]);
    expect((await anon.from("notes").delete().eq("tag", "d").select("id")).data).toHaveLength(2);
    expect((await anon.from("notes").select("id", { count: "exact", head: true })).count).toBe(5);
  });
});

describe("functions", () => {
  it("answers scalars, sets, void, composites and table results like PostgREST", async () => {
    const anon = anonClient();
    expect((await anon.rpc("add_them", { a: 2, b: 3 })).data).toBe(5);
    expect((await anon.rpc("add_them", { a: 2 })).data).toBe(12);
    expect((await anon.rpc("add_them", { a: 2 }, { get: true })).data).toBe(12);
    expect((await anon.rpc("tags")).data).toEqual(["a", "b"]);
    expect(await anon.rpc("touch")).toMatchObject({ data: null, error: null, status: 204 });
    expect((await anon.rpc("first_note")).data).toMatchObject({ id: 1, title: "One" });
    expect((await anon.rpc("notes_tagged", { p_tag: "a" }).select("id").order("id", { ascending: false })).data).toEqual([
      { id: 3 },
      { id: 1 },
    ]);
    const missing = await anon.rpc("add_them", { c: 1 });
    expect(missing).toMatchObject({ status: 404, error: { code: "PGRST202" } });
    const unknown = await anon.from("nothing").select();
    expect(unknown).toMatchObject({ status: 404, error: { code: "PGRST205" } });
  });
});
