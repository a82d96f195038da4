/**
 * What the server logs of an unexpected error: where it came from, never what it says. A message
 * can quote its input, and the text of a user's message must never reach a log.
 */
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { describeErrorForLog, serviceErrorCode } from "~/lib/error-log.server";
import { handleError } from "../../app/entry.server";

const MESSAGE = "hi ana, the price is $1,200 for 15 seats";

afterEach(() => vi.restoreAllMocks());

/** An error whose message quotes its input, as a parser's or a client's can. */
function thrownFromSomewhere(): Error {
  try {
    throw new SyntaxError(`Unexpected end of input after "${MESSAGE}"`);
  } catch (error) {
    return error as Error;
  }
}

describe("an error in the server log", () => {
  it("names its class and its stack frames, never its message", () => {
    const error = thrownFromSomewhere();
    const logged = describeErrorForLog(error);
    expect(logged).not.toContain("1,200");
    expect(logged).not.toContain(error.message);
    expect(logged.split("\n")[0]).toBe("SyntaxError");
    expect(logged).toMatch(/\n\s+at .*error-log\.test\.ts/);
  });

  it("never takes a line of a message that spans lines for a stack frame", () => {
    const error = new SyntaxError(`Unexpected token in "Hi Sam,\n  at 3pm my salary is 90k"`);
    const logged = describeErrorForLog(error);
    expect(logged).not.toContain("salary");
    expect(logged).not.toContain("3pm");
    expect(logged).toMatch(/^SyntaxError\n\s+at /);
    // A stack that does not begin with the error's own text gives no frames at all.
    const odd = new Error("x");
    odd.stack = `Error: something else\n    at ${MESSAGE}`;
    expect(describeErrorForLog(odd)).toBe("Error");
  });

  it("says what was thrown when it is not an Error", () => {
    expect(describeErrorForLog(MESSAGE)).toBe("a thrown string");
    expect(describeErrorForLog(null)).toBe("a thrown null");
    expect(describeErrorForLog({ text: MESSAGE })).toBe("a thrown object");
  });

  it("is logged by React Router's handleError with the request's method and path, not its query; not at all once the visitor left", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const request = new Request(`https://tonewise.test/dashboard?text=${encodeURIComponent(MESSAGE)}`, { method: "POST" });
    handleError(thrownFromSomewhere(), { request, params: {}, context: undefined as never });
    expect(errors).toHaveBeenCalledTimes(1);
    const line = String(errors.mock.calls[0]![0]);
    expect(line).toMatch(/^\[server\] POST \/dashboard: SyntaxError\n/);
    expect(line).not.toContain("1,200");
    expect(line).not.toContain("price");

    const gone = new AbortController();
    gone.abort();
    handleError(new Error(MESSAGE), { request: new Request("https://tonewise.test/dashboard", { signal: gone.signal }), params: {}, context: undefined as never });
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it("says React Router's refusal of a cross-site action in one line", () => {
    const refusal = new Error("The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.");
    expect(describeErrorForLog(refusal)).toBe(`action refused by React Router: ${refusal.message}`);
    expect(describeErrorForLog(new Error("Bad Request"))).toBe("action refused by React Router: Bad Request");
    expect(describeErrorForLog(new Error(`Bad Request: ${MESSAGE}`))).not.toContain(MESSAGE);
  });

  it("keeps a route error response's status", () => {
    expect(describeErrorForLog(new ErrorResponse(404, "Not Found", null))).toBe("404 Not Found");
    expect(describeErrorForLog(new ErrorResponse(405, "Method Not Allowed", null, true))).toBe("405 Method Not Allowed");
  });
});

describe("a failed Supabase call in the server log", () => {
  it("is named by its code, else its status, else its name, never by its message", () => {
    // Auth's answer to an address its mailer refuses quotes the address.
    const auth = { name: "AuthApiError", status: 400, code: "email_address_invalid", message: 'Email address "ana@example.com" is invalid' };
    expect(serviceErrorCode(auth)).toBe("email_address_invalid");
    expect(serviceErrorCode({ ...auth, code: undefined })).toBe("400");
    expect(serviceErrorCode({ ...auth, code: undefined, status: undefined })).toBe("AuthApiError");
    // PostgREST's refusal of a value quotes the value.
    const postgrest = { code: "22P02", message: `invalid input syntax for type uuid: "${MESSAGE}"`, details: null, hint: null };
    expect(serviceErrorCode(postgrest)).toBe("22P02");
    expect(serviceErrorCode({ message: MESSAGE } as never)).toBe("error");
  });
});
