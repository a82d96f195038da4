/** The local PostgREST's URL grammar and the SQL it turns into. */
import { describe, expect, it } from "vitest";
import { parseFilter, parseFilters, parseOrder, parseSelect } from "../../../emulators/supabase/rest/query.ts";
import { Parameters, quoteIdentifier, selectList, whereClause } from "../../../emulators/supabase/rest/sql.ts";

describe("select", () => {
  it("reads columns, aliases and casts", () => {
    expect(parseSelect("tier,count:message_count,month::text")).toEqual([
      { column: "tier" },
      { column: "message_count", alias: "count", cast: undefined },
      { column: "month", alias: undefined, cast: "text" },
    ]);
    expect(parseSelect(null)).toEqual([{ column: "*" }]);
    expect(selectList(parseSelect("a:b::int"))).toBe('"b"::int as "a"');
  });

  it("refuses anything that is not a plain identifier", () => {
    for (const bad of ['a"; drop table x; --', "profiles(id)", "data->key", "a b"]) {
      expect(() => parseSelect(bad)).toThrow(expect.objectContaining({ status: 400 }));
    }
  });
});

describe("filters", () => {
  it("binds every value as a parameter", () => {
    const parameters = new Parameters();
    const filters = parseFilters(
      new URLSearchParams("user_id=eq.abc&month=neq.2025-01&n=not.gte.5&tier=in.(free,\"p,ro\")&name=ilike.*ann*&ended_at=is.null&select=a"),
    );
    expect(whereClause(filters, parameters)).toBe(
      ' where "user_id" = $1 and "month" <> $2 and not ("n" >= $3) and "tier" in ($4, $5) and "name" ilike $6 and "ended_at" is null',
    );
    expect(parameters.values).toEqual(["abc", "2025-01", "5", "free", "p,ro", "%ann%"]);
  });

  it("rejects unknown operators and malformed values", () => {
    expect(() => parseFilter("a", "between.1.2")).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseFilter("a", "is.maybe")).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseFilter("a", "in.1,2")).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseFilters(new URLSearchParams("or=(a.eq.1,b.eq.2)"))).toThrow(expect.objectContaining({ status: 400 }));
  });

  it("treats an empty in-list as matching nothing", () => {
    expect(whereClause([parseFilter("a", "in.()")], new Parameters())).toBe(" where false");
  });
});

describe("order", () => {
  it("reads directions and null placement", () => {
    expect(parseOrder("month.desc.nullslast,tier")).toEqual([
      { column: "month", descending: true, nulls: "last" },
      { column: "tier", descending: false },
    ]);
    expect(() => parseOrder("month.sideways")).toThrow(expect.objectContaining({ status: 400 }));
  });
});

it("quotes identifiers", () => {
  expect(quoteIdentifier('we"ird')).toBe('"we""ird"');
});
