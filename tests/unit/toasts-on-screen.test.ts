import { describe, expect, it } from "vitest";
import { MOST_TOASTS_ON_SCREEN, newestDistinct, type Toast } from "~/lib/toast";

const notice = (id: string, title: string, variant: Toast["variant"] = "default"): Toast => ({ id, variant, title, description: `${title}.` });

describe("the toasts on screen", () => {
  it("shows a message said twice once, where the newer one arrived", () => {
    const shown = newestDistinct([notice("1", "Error", "destructive"), notice("2", "Settings saved", "success"), notice("3", "Error", "destructive")]);
    expect(shown.map((toast) => toast.id)).toEqual(["2", "3"]);
  });

  it("tells apart messages that differ in anything the reader sees", () => {
    const error = notice("1", "Error", "destructive");
    const shown = newestDistinct([error, { ...error, id: "2", description: "Another reason." }, { ...error, id: "3", variant: "default" }]);
    expect(shown).toHaveLength(3);
  });

  it(`keeps the newest ${MOST_TOASTS_ON_SCREEN}, oldest first`, () => {
    const arrived = ["a", "b", "c", "d", "e"].map((title, index) => notice(String(index), title));
    expect(newestDistinct(arrived).map((toast) => toast.title)).toEqual(["c", "d", "e"]);
  });
});
