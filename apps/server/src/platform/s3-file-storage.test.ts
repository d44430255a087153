import { createHash, createHmac } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { registeredShopper } from "../test/customers.ts";
import { multipart, savedDeal, sendRaw } from "../test/deals.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { newFileKey } from "./file-storage.ts";
import { s3FileStorage, type S3Settings } from "./s3-file-storage.ts";

const ACCESS_KEY = "TESTACCESSKEY";
const SECRET_KEY = "test-secret-key-of-the-fake-store";
const REGION = "ca-central-1";

const hmac = (key: Buffer | string, text: string) => createHmac("sha256", key).update(text).digest();
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

/**
 * Just enough of an S3-compatible store for these tests, path-style (/bucket/key): PUT, GET and DELETE of objects
 * with their Content-Type, NoSuchKey for a missing one, and every request's AWS Signature Version 4 checked (the
 * canonical request rebuilt from what arrived, signed with the secret key), so a wrongly signed call fails as it
 * would against a real store.
 */
function fakeS3(bucket: string) {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const requests: { method: string; key: string }[] = [];

  function signatureProblem(request: http.IncomingMessage, url: URL, body: Buffer): string | null {
    const authorization = request.headers.authorization ?? "";
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return "no signature";
    const [, accessKey, date, region, signedHeaders, signature] = match;
    if (accessKey !== ACCESS_KEY || region !== REGION) return "unknown credentials";
    const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) return "payload hash mismatch";
    const headers = signedHeaders!.split(";");
    const canonicalHeaders = headers
      .map(
        (name) =>
          `${name}:${String(request.headers[name] ?? "")
            .trim()
            .replace(/\s+/g, " ")}\n`,
      )
      .join("");
    const query = [...url.searchParams]
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .sort()
      .join("&");
    const canonical = [request.method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join("\n");
    const scope = `${date}/${region}/s3/aws4_request`;
    const toSign = ["AWS4-HMAC-SHA256", request.headers["x-amz-date"], scope, sha256(canonical)].join("\n");
    const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_KEY}`, date!), region!), "s3"), "aws4_request");
    return hmac(key, toSign).toString("hex") === signature ? null : "signature mismatch";
  }

  const xmlError = (response: http.ServerResponse, status: number, code: string) =>
    response
      .writeHead(status, { "content-type": "application/xml" })
      .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? "/", "http://fake-s3");
    const [, first, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    requests.push({ method: request.method ?? "", key });
    const problem = signatureProblem(request, url, body);
    if (problem) return xmlError(response, 403, "SignatureDoesNotMatch");
    if (first !== bucket) return xmlError(response, 404, "NoSuchBucket");
    switch (request.method) {
      case "PUT":
        objects.set(key, {
          bytes: body,
          contentType: String(request.headers["content-type"] ?? "binary/octet-stream"),
        });
        return response.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` }).end();
      case "GET": {
        const object = objects.get(key);
        if (!object) return xmlError(response, 404, "NoSuchKey");
        return response
          .writeHead(200, { "content-type": object.contentType, "content-length": object.bytes.length })
          .end(object.bytes);
      }
      case "DELETE":
        objects.delete(key);
        return response.writeHead(204).end();
      default:
        return xmlError(response, 405, "MethodNotAllowed");
    }
  });
  return { server, objects, requests };
}

let store: ReturnType<typeof fakeS3>;
let endpoint: string;
const settings = (overrides: Partial<S3Settings> = {}): S3Settings => ({
  bucket: "showroom-files",
  endpoint,
  region: REGION,
  accessKeyId: ACCESS_KEY,
  secretAccessKey: SECRET_KEY,
  forcePathStyle: true,
  prefix: "uploads/",
  ...overrides,
});

beforeAll(async () => {
  store = fakeS3("showroom-files");
  store.server.listen(0, "127.0.0.1");
  await once(store.server, "listening");
  endpoint = `http://127.0.0.1:${(store.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  store.server.close();
});

describe("s3FileStorage", () => {
  it("puts, gets and deletes objects under the prefix, keeping the media type; a missing object reads as null", async () => {
    const files = s3FileStorage(settings());
    try {
      const key = newFileKey("order-documents");
      const bytes = Buffer.from("%PDF-1.7\n%%EOF\n");
      await files.put(key, bytes, "application/pdf");
      expect(store.objects.get(`uploads/${key}`)).toEqual({ bytes, contentType: "application/pdf" });
      expect(await files.get(key)).toEqual({ bytes, contentType: "application/pdf" });
      await files.delete(key);
      expect(store.objects.has(`uploads/${key}`)).toBe(false);
      expect(await files.get(key)).toBeNull();
      await files.delete(key); // deleting what is gone is no error
    } finally {
      files.close();
    }
  });

  it("refuses a key the server did not make (no path of the client's ever reaches the bucket)", async () => {
    const files = s3FileStorage(settings());
    try {
      const before = store.requests.length;
      for (const key of ["../etc/passwd", "a/b.pdf", "UPPER/x", ""]) {
        await expect(files.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow("invalid storage key");
        await expect(files.get(key)).rejects.toThrow("invalid storage key");
      }
      expect(store.requests.length).toBe(before);
    } finally {
      files.close();
    }
  });

  it("fails loudly with wrong credentials rather than reading as missing", async () => {
    const files = s3FileStorage(settings({ secretAccessKey: "wrong" }));
    try {
      await expect(files.put(newFileKey("x"), Buffer.from("x"), "text/plain")).rejects.toThrow();
      await expect(files.get(newFileKey("x"))).rejects.toThrow();
    } finally {
      files.close();
    }
  });
});

describe("configuration", () => {
  const secrets = { SESSION_SECRET: "s".repeat(40), DATA_ENCRYPTION_KEY: "k".repeat(40) };
  it("stores files in the bucket when S3_BUCKET is set (path-style with an endpoint), in DATA_DIR/uploads otherwise", () => {
    expect(loadConfig(secrets).s3).toBeNull();
    expect(
      loadConfig({
        ...secrets,
        S3_BUCKET: "files",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "a",
        S3_SECRET_ACCESS_KEY: "b",
        S3_PREFIX: "showroom/",
      }).s3,
    ).toEqual({
      bucket: "files",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "a",
      secretAccessKey: "b",
      forcePathStyle: true,
      prefix: "showroom/",
    });
    expect(loadConfig({ ...secrets, S3_BUCKET: "files" }).s3).toMatchObject({
      endpoint: undefined,
      forcePathStyle: false,
      accessKeyId: undefined,
    });
    expect(() => loadConfig({ ...secrets, S3_BUCKET: "files", S3_ACCESS_KEY_ID: "a" })).toThrow(/go together/);
    expect(() => loadConfig({ ...secrets, S3_BUCKET: "files", S3_PREFIX: "../" })).toThrow(/S3_PREFIX/);
  });
});

describe("documents in the bucket", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ s3: settings({ prefix: "" }) });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it("uploads a deal's document to the bucket and serves it back to its owner", async () => {
    const { shopper } = await registeredShopper(testApp);
    const deal = await savedDeal(testApp, shopper);
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
    const uploaded = await sendRaw(
      testApp,
      shopper,
      "POST",
      `/api/order/${deal.id}/documents/`,
      multipart({ document_type: "drivers_licence" }, { filename: "licence.pdf", type: "application/pdf", bytes: pdf }),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const stored = [...store.objects].find(([, object]) => object.bytes.equals(pdf));
    expect(stored?.[0]).toMatch(/^order-documents\/[a-f0-9]{32}$/);
    const download = await sendRaw(testApp, shopper, "GET", uploaded.json().document.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });
});
