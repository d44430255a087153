import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchFeedPhoto, type PhotoFetchLimits } from "./photo-fetch.ts";

let server: Server;
let origin: string;
const hits = new Map<string, number>();
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#336699" } }).png().toBuffer();
  server = createServer((request, response) => {
    const path = request.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === "/photo.png") return response.writeHead(200, { "content-type": "image/png" }).end(png);
    if (path === "/lying.jpg") return response.writeHead(200, { "content-type": "image/jpeg" }).end("<html>not a photo</html>");
    if (path === "/announced-huge.jpg") return response.writeHead(200, { "content-type": "image/jpeg", "content-length": 5_000_000 }).end();
    if (path === "/streamed-huge.jpg") {
      response.writeHead(200, { "content-type": "image/jpeg" });
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const push = () => {
        while (sent < 40 && response.write(chunk)) sent++;
        if (sent < 40) response.once("drain", push);
        else response.end();
      };
      return push();
    }
    if (path === "/silent.jpg") return; // never answers
    if (path === "/moved.png") return response.writeHead(302, { location: "/photo.png" }).end();
    if (path === "/to-metadata.png") return response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    if (path === "/loop.png") return response.writeHead(302, { location: "/loop.png" }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const limits: PhotoFetchLimits = { timeoutMs: 800, maxBytes: 1_000_000, privateHosts: ["127.0.0.1"] };

describe("fetchFeedPhoto", () => {
  it("fetches a photo from an allowed host and tells its type from its bytes", async () => {
    const result = await fetchFeedPhoto(`${origin}/photo.png`, limits);
    expect(result).toMatchObject({ ok: true, mediaType: "image/png" });
    expect(result.ok && result.bytes.equals(png)).toBe(true);
  });

  it("never calls a loopback or private address unless its host is allowed", async () => {
    const before = hits.get("/photo.png") ?? 0;
    const refused = { ...limits, privateHosts: [] };
    expect(await fetchFeedPhoto(`${origin}/photo.png`, refused)).toMatchObject({ ok: false, failure: "private_address" });
    expect(await fetchFeedPhoto(`http://localhost:${new URL(origin).port}/photo.png`, refused)).toMatchObject({ ok: false, failure: "private_address" });
    expect(await fetchFeedPhoto("http://[::1]/photo.png", refused)).toMatchObject({ ok: false, failure: "private_address" });
    expect(await fetchFeedPhoto("http://169.254.169.254/latest/meta-data/", refused)).toMatchObject({ ok: false, failure: "private_address" });
    expect(hits.get("/photo.png") ?? 0).toBe(before);
  });

  it("follows a redirect only to an address it may call, and at most three", async () => {
    expect(await fetchFeedPhoto(`${origin}/moved.png`, limits)).toMatchObject({ ok: true, mediaType: "image/png" });
    expect(await fetchFeedPhoto(`${origin}/to-metadata.png`, limits)).toMatchObject({ ok: false, failure: "private_address" });
    const loops = hits.get("/loop.png") ?? 0;
    expect(await fetchFeedPhoto(`${origin}/loop.png`, limits)).toMatchObject({ ok: false, failure: "status", detail: "302" });
    expect((hits.get("/loop.png") ?? 0) - loops).toBe(4);
  });

  it("refuses a body that is not an image, whatever its Content-Type says", async () => {
    expect(await fetchFeedPhoto(`${origin}/lying.jpg`, limits)).toMatchObject({ ok: false, failure: "not_an_image" });
  });

  it("refuses a body larger than the limit, announced or streamed", async () => {
    expect(await fetchFeedPhoto(`${origin}/announced-huge.jpg`, limits)).toMatchObject({ ok: false, failure: "too_large" });
    expect(await fetchFeedPhoto(`${origin}/streamed-huge.jpg`, limits)).toMatchObject({ ok: false, failure: "too_large" });
  });

  it("gives up on a host that does not answer in time", async () => {
    const started = Date.now();
    expect(await fetchFeedPhoto(`${origin}/silent.jpg`, limits)).toMatchObject({ ok: false, failure: "timeout" });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("refuses other schemes, credentials in the address, and missing photos", async () => {
    expect(await fetchFeedPhoto("file:///etc/passwd", limits)).toMatchObject({ ok: false, failure: "bad_url" });
    expect(await fetchFeedPhoto("ftp://photos.example/a.jpg", limits)).toMatchObject({ ok: false, failure: "bad_url" });
    expect(await fetchFeedPhoto(`http://user:pass@127.0.0.1:${new URL(origin).port}/photo.png`, limits)).toMatchObject({ ok: false, failure: "bad_url" });
    expect(await fetchFeedPhoto("not a url", limits)).toMatchObject({ ok: false, failure: "bad_url" });
    expect(await fetchFeedPhoto(`${origin}/nothing.jpg`, limits)).toMatchObject({ ok: false, failure: "status", detail: "404" });
  });
});
