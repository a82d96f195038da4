/** emulators/launch.ts's command line. */
import { describe, expect, it } from "vitest";
import { parseLaunchArguments } from "../../../emulators/launch.ts";

describe("launch arguments", () => {
  it("reads the app URL and the command after --", () => {
    expect(parseLaunchArguments(["--app-url", "http://localhost:3000/", "--", "node", "server.js", "--port", "3000"])).toEqual({
      appUrl: "http://localhost:3000",
      command: "node",
      args: ["server.js", "--port", "3000"],
    });
    expect(parseLaunchArguments(["--app-url=http://localhost:8787", "--", "wrangler"]).appUrl).toBe("http://localhost:8787");
  });

  it("explains what is missing", () => {
    expect(() => parseLaunchArguments(["--app-url", "http://localhost:5173"])).toThrow(/Usage/);
    expect(() => parseLaunchArguments(["--", "node"])).toThrow(/--app-url/);
    expect(() => parseLaunchArguments(["--app-url", "nope", "--", "node"])).toThrow(/absolute URL/);
    expect(() => parseLaunchArguments(["--verbose", "--", "node"])).toThrow(/Unknown option --verbose/);
  });
});
