import type { AppLoadContext } from "react-router";

/** A loader's context in unit tests: its API calls go to the global fetch (stubbed by the test) at http://api.test. */
export function testLoadContext(overrides: Partial<AppLoadContext> = {}): AppLoadContext {
  return {
    callApi: (path, init) => fetch(`http://api.test${path}`, init),
    cookieHeader: "",
    clientAddress: "",
    internalKey: "",
    nonce: "",
    defaultDealerCode: "maple-auto",
    publicOrigin: "http://localhost",
    responseCookies: [],
    documentBody: null,
    ...overrides,
  };
}
