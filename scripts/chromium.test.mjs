import { describe, expect, it } from "vitest";
import { ensureChromium, findChromium } from "./chromium.mjs";

const none = async () => null;
const only = (...paths) => (path) => paths.includes(path);

describe("finding Chromium for the browser tests", () => {
  it("takes CHROMIUM_PATH first, then Debian's, then Playwright's own", async () => {
    expect(await findChromium({ env: { CHROMIUM_PATH: "/opt/c" }, exists: only("/opt/c", "/usr/bin/chromium"), playwrightPath: none })).toBe("/opt/c");
    expect(await findChromium({ env: {}, exists: only("/usr/bin/chromium"), playwrightPath: none })).toBe("/usr/bin/chromium");
    expect(await findChromium({ env: {}, exists: only("/pw/chrome"), playwrightPath: async () => "/pw/chrome" })).toBe("/pw/chrome");
    expect(await findChromium({ env: {}, exists: only(), playwrightPath: async () => "/pw/chrome" })).toBeNull();
  });

  it("installs Debian's package as root with apt-get, once, and finds it", async () => {
    const installed = new Set(["/usr/bin/apt-get"]);
    const commands = [];
    const result = await ensureChromium({
      env: {},
      exists: (path) => installed.has(path),
      playwrightPath: none,
      isRoot: true,
      run: (command) => {
        commands.push(command);
        installed.add("/usr/bin/chromium");
        return true;
      },
      log: () => {},
    });
    expect(result).toEqual({ path: "/usr/bin/chromium" });
    expect(commands).toEqual(["apt-get update && apt-get install -y chromium"]);
  });

  it("says in one line what to install when it may not install, or when the install fails", async () => {
    const user = await ensureChromium({ env: {}, exists: only("/usr/bin/apt-get"), playwrightPath: none, isRoot: false, run: () => true, log: () => {} });
    expect(user.path).toBeNull();
    expect(user.problem).toMatch(/apt-get install -y chromium.*CHROMIUM_PATH/);
    const failed = await ensureChromium({ env: {}, exists: only("/usr/bin/apt-get"), playwrightPath: none, isRoot: true, run: () => false, log: () => {} });
    expect(failed.problem).toMatch(/failed/);
    const wrong = await ensureChromium({ env: { CHROMIUM_PATH: "/nope" }, exists: only(), playwrightPath: none, isRoot: true, run: () => true, log: () => {} });
    expect(wrong.problem).toMatch(/CHROMIUM_PATH=\/nope does not exist/);
  });
});
