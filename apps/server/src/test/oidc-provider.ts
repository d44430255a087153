import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";

/**
 * A small OpenID Connect provider for the tests (API and browser): discovery, an authorization endpoint that signs the
 * next user in at once (or answers the error it is told to), a token endpoint that checks the client, the redirect
 * address, single use and PKCE (S256), and the JWKS of its RS256 key. `nextFault` makes the next ID token wrong in one
 * way, so the tests can prove the storefront refuses it.
 */
export type TestUser = { sub: string; email?: string; email_verified?: boolean; given_name?: string; family_name?: string; name?: string };
export type TokenFault = "wrong-nonce" | "wrong-audience" | "wrong-issuer" | "expired" | "tampered-signature" | "foreign-key";
export type TestClient = { client_id: string; client_secret?: string; redirect_uris: string[] };

type Grant = { clientId: string; redirectUri: string; challenge: string; nonce: string | null; user: TestUser; expiresAt: number; used: boolean };

export async function startOidcProvider(options: { clients: TestClient[]; port?: number; host?: string }) {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const grants = new Map<string, Grant>();
  const clients = [...options.clients];

  const state = {
    issuer: "",
    /** Who the authorization endpoint signs in next. */
    user: { sub: "vw-user-1", email: "jeanne.tremblay@example.com", email_verified: true, given_name: "Jeanne", family_name: "Tremblay" } as TestUser,
    /** The error the authorization endpoint answers instead (e.g. access_denied), once. */
    nextAuthorizationError: null as string | null,
    /** What is wrong with the next ID token, once. */
    nextFault: null as TokenFault | null,
    /** Token requests answered, with what was wrong with them (for the tests' eyes). */
    tokenRequests: [] as { ok: boolean; error?: string }[],
    /** The last code issued (a test may send it twice). */
    lastCode: null as string | null,
  };

  function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers }).end(JSON.stringify(body));
  }
  function redirect(response: ServerResponse, to: URL) {
    response.writeHead(302, { location: to.href }).end();
  }
  async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
  }

  function authorize(url: URL, response: ServerResponse) {
    const q = url.searchParams;
    const client = clients.find((c) => c.client_id === q.get("client_id"));
    const redirectUri = q.get("redirect_uri") ?? "";
    // An unknown client or an unregistered address is never redirected to (RFC 6749 4.1.2.1).
    if (!client || !client.redirect_uris.includes(redirectUri)) return send(response, 400, { error: "invalid_request", error_description: "unknown client or redirect_uri" });
    const back = new URL(redirectUri);
    const stateParam = q.get("state");
    if (stateParam) back.searchParams.set("state", stateParam);
    back.searchParams.set("iss", state.issuer);
    if (state.nextAuthorizationError) {
      back.searchParams.set("error", state.nextAuthorizationError);
      back.searchParams.set("error_description", "The user declined");
      state.nextAuthorizationError = null;
      return redirect(response, back);
    }
    if (q.get("response_type") !== "code" || q.get("code_challenge_method") !== "S256" || !q.get("code_challenge") || !(q.get("scope") ?? "").split(" ").includes("openid")) {
      back.searchParams.set("error", "invalid_request");
      return redirect(response, back);
    }
    const code = randomBytes(24).toString("base64url");
    grants.set(code, { clientId: client.client_id, redirectUri, challenge: q.get("code_challenge")!, nonce: q.get("nonce"), user: { ...state.user }, expiresAt: Date.now() + 60_000, used: false });
    state.lastCode = code;
    back.searchParams.set("code", code);
    return redirect(response, back);
  }

  function clientOf(request: IncomingMessage, form: URLSearchParams): TestClient | null {
    const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, "base64").toString("utf8").split(":").map((part) => decodeURIComponent(part));
      const client = clients.find((c) => c.client_id === id);
      return client && client.client_secret !== undefined && client.client_secret === secret ? client : null;
    }
    const client = clients.find((c) => c.client_id === form.get("client_id"));
    return client && client.client_secret === undefined ? client : null;
  }

  async function idToken(grant: Grant, fault: TokenFault | null) {
    const now = Math.floor(Date.now() / 1000);
    const { sub, ...profile } = grant.user;
    const claims = { ...profile, ...(grant.nonce ? { nonce: fault === "wrong-nonce" ? "another-nonce" : grant.nonce } : {}) };
    const jwt = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer(fault === "wrong-issuer" ? "https://impostor.example" : state.issuer)
      .setSubject(sub)
      .setAudience(fault === "wrong-audience" ? "another-client" : grant.clientId)
      .setIssuedAt(fault === "expired" ? now - 7200 : now)
      .setExpirationTime(fault === "expired" ? now - 3600 : now + 300)
      .sign(fault === "foreign-key" ? foreign.privateKey : privateKey);
    if (fault !== "tampered-signature") return jwt;
    const [header, payload, signature] = jwt.split(".");
    const flipped = signature!.startsWith("A") ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    return `${header}.${payload}.${flipped}`;
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    const form = await readForm(request);
    const refuse = (error: string, status = 400) => {
      state.tokenRequests.push({ ok: false, error });
      send(response, status, { error });
    };
    const client = clientOf(request, form);
    if (!client) return refuse("invalid_client", 401);
    if (form.get("grant_type") !== "authorization_code") return refuse("unsupported_grant_type");
    const grant = grants.get(form.get("code") ?? "");
    if (!grant || grant.clientId !== client.client_id || grant.expiresAt < Date.now()) return refuse("invalid_grant");
    if (grant.used) return refuse("invalid_grant");
    grant.used = true;
    if (form.get("redirect_uri") !== grant.redirectUri) return refuse("invalid_grant");
    const verifier = form.get("code_verifier") ?? "";
    if (createHash("sha256").update(verifier).digest("base64url") !== grant.challenge) return refuse("invalid_grant");
    const fault = state.nextFault;
    state.nextFault = null;
    state.tokenRequests.push({ ok: true });
    send(response, 200, { access_token: randomBytes(24).toString("base64url"), token_type: "Bearer", expires_in: 300, scope: "openid email profile", id_token: await idToken(grant, fault) });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", state.issuer);
    const route = `${request.method} ${url.pathname}`;
    const done = (error: unknown) => send(response, 500, { error: "server_error", error_description: String(error) });
    if (route === "GET /.well-known/openid-configuration") {
      return send(response, 200, {
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        jwks_uri: `${state.issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "none"],
        scopes_supported: ["openid", "email", "profile"],
        authorization_response_iss_parameter_supported: true,
      });
    }
    if (route === "GET /jwks") return send(response, 200, { keys: [publicJwk] });
    if (route === "GET /authorize") return authorize(url, response);
    if (route === "POST /token") return void token(request, response).catch(done);
    return send(response, 404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  state.issuer = `http://${options.host ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;

  return {
    state,
    get issuer() {
      return state.issuer;
    },
    addClient: (client: TestClient) => void clients.push(client),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;
