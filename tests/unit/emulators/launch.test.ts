/** emulators/launch.ts's command line. */
import { describe, expect, it } from "vitest";
import { parseLaunchArguments } from "../../../emulators/launch.ts";

describe("launch arguments", () => {
  it("reads the app URL and the command after --", () => {
    expect(parseLaunchArguments(["--app-url", "http://localhost:3000/", "--", "node", "server.js", "--port", "3000"])).toEqual({
      appUrl: "http://localhost:3000",
      envFile: true,
      command: "node",
      args: ["server.js", "--port", "3000"],
    });
    expect(parseLaunchArguments(["--app-url=http://localhost:8787", "--", "wrangler"]).appUrl).toBe("http://localhost:8787");
  });

  it("reads .env unless told not to (the test runs: a developer's .env must not change what they run against)", () => {
    expect(parseLaunchArguments(["--app-url", "http://localhost:3000", "--no-env-file", "--", "node", "server.ts"])).toMatchObject({ envFile: false, args: ["server.ts"] });
    // After --, the flag is the command's own.
    expect(parseLaunchArguments(["--app-url", "http://localhost:3000", "--", "node", "--no-env-file"])).toMatchObject({ envFile: true, args: ["--no-env-file"] });
  });

  it("explains what is missing", () => {
    expect(() => parseLaunchArguments(["--app-url", "http://localhost:5173"])).toThrow(/Usage/);
    expect(() => parseLaunchArguments(["--", "node"])).toThrow(/--app-url/);
    expect(() => parseLaunchArguments(["--app-url", "nope", "--", "node"])).toThrow(/absolute URL/);
    expect(() => parseLaunchArguments(["--verbose", "--", "node"])).toThrow(/Unknown option --verbose/);
  });
});
