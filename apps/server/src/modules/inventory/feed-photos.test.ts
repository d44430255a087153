import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { vehicleSchema } from "@showroom/domain";
import { buildVin, createRandom } from "@showroom/testing";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, testAppOn, type TestApp } from "../../test/test-app.ts";
import { dealerships } from "../dealerships/tables.ts";
import { inventoryImportService } from "./import-service.ts";
import { vehicles } from "./tables.ts";

/** The dealer's photo host, on this machine: it counts the requests for each photo. */
let photoHost: Server;
let origin: string;
const hits = new Map<string, number>();
let photo: Buffer;

let testApp: TestApp;
let cacheDir: string;
const random = createRandom(2410);
/** Vehicle ids by the photo their feed row names first. */
const vehicleOf = new Map<string, number>();
let drawnOnly: number;

const AVIF = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const WEBP = "image/webp,image/*,*/*;q=0.8";

async function importVehicle(dealershipId: number, photos: string): Promise<number> {
  const vin = buildVin(random);
  const header = "VIN,Stock #,Type,Year,Make,Model,Trim,Body Style,Ext Color,Int Color,Odometer,Price,MSRP,Photos,Status";
  const row = [vin, `PH${vin.slice(-6)}`, "Used", "2023", "Honda", "Accord", "EX", "Sedan", "Platinum White Pearl", "Black", "21000", "31999", "35000", photos, "I"].join(",");
  const report = await inventoryImportService(testApp.database.db).importFeed({ dealershipId, csv: `${header}\n${row}\n`, fullFeed: false, source: "test" });
  expect(report.rejected).toEqual([]);
  const [stored] = await testApp.database.db.select().from(vehicles).where(and(eq(vehicles.dealershipId, dealershipId), eq(vehicles.vin, vin)));
  return stored!.id;
}

beforeAll(async () => {
  photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#b3202a" } }).jpeg().toBuffer();
  photoHost = createServer((request, response) => {
    const name = request.url ?? "/";
    hits.set(name, (hits.get(name) ?? 0) + 1);
    if (name.startsWith("/slow")) return void setTimeout(() => response.writeHead(200, { "content-type": "image/jpeg" }).end(photo), 300);
    if (name.startsWith("/photo") || name.startsWith("/private")) return response.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    if (name === "/text.jpg") return response.writeHead(200, { "content-type": "image/jpeg" }).end("this is not a picture");
    if (name === "/broken.jpg") return response.writeHead(200, { "content-type": "image/jpeg" }).end(photo.subarray(0, 200));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => photoHost.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(photoHost.address() as AddressInfo).port}`;

  cacheDir = mkdtempSync(path.join(tmpdir(), "showroom-photo-cache-"));
  testApp = await createTestApp({ photos: { cacheDir, privateHosts: ["127.0.0.1"], fetchTimeoutMs: 2_000, maxBytes: 5_000_000 } });
  const [maple] = await testApp.database.db.select().from(dealerships).where(eq(dealerships.code, "maple-auto"));
  for (const name of ["/photo-a.jpg", "/photo-b.jpg", "/photo-c.jpg", "/slow.jpg", "/missing.jpg", "/text.jpg", "/broken.jpg", "/private.jpg"]) {
    vehicleOf.set(name, await importVehicle(maple!.id, `${origin}${name}|${origin}/photo-second.jpg`));
  }
  const [seeded] = await testApp.database.db.select().from(vehicles).where(eq(vehicles.dealershipId, maple!.id)).limit(1);
  drawnOnly = seeded!.id;
});

afterAll(async () => {
  await testApp?.close();
  await new Promise<void>((resolve) => photoHost.close(() => resolve()));
  rmSync(cacheDir, { recursive: true, force: true });
});

/** The vehicle's photo addresses as the API gives them. */
async function photoUrls(id: number): Promise<string[]> {
  const answer = await client(testApp, "maple-auto").get(`/api/quickshop/inventory/${id}/`);
  return vehicleSchema.parse(answer.json()).images;
}

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: "GET", url, headers });

describe("feed photos through the image route", () => {
  it("names the image route, never the feed's host, in a vehicle's images (drawn pictures without photos)", async () => {
    const id = vehicleOf.get("/photo-a.jpg")!;
    const urls = await photoUrls(id);
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(new RegExp(`^/api/quickshop/inventory/${id}/photos/0/\\?v=[0-9a-f]{12}$`));
    expect(urls[1]).toMatch(new RegExp(`^/api/quickshop/inventory/${id}/photos/1/\\?v=[0-9a-f]{12}$`));
    expect(urls[0]).not.toBe(urls[1]!.replace("/photos/1/", "/photos/0/"));
    const summary = await client(testApp, "maple-auto").get(`/api/quickshop/inventory/?query=PH`);
    const card = summary.json<{ results: { id: number; main_image: string }[] }>().results.find((r) => r.id === id);
    expect(card?.main_image).toBe(urls[0]);
    expect((await photoUrls(drawnOnly))[0]).toMatch(/^\/api\/quickshop\/inventory\/pictures\//);
  });

  it("serves the photo resized to the width asked, as AVIF, cached for a year, from the cache the second time", async () => {
    const [url] = await photoUrls(vehicleOf.get("/photo-a.jpg")!);
    const first = await get(`${url}&w=640`, { accept: AVIF });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/avif");
    expect(first.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(first.headers.vary).toContain("Accept");
    expect(first.headers["x-image-cache"]).toBe("miss");
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "heif", compression: "av1", width: 640, height: 400 });
    const second = await get(`${url}&w=640`, { accept: AVIF });
    expect(second.headers["x-image-cache"]).toBe("hit");
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    const revalidated = await get(`${url}&w=640`, { accept: AVIF, "if-none-match": String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload).toHaveLength(0);
  });

  it("answers WebP or JPEG by the Accept header (or the format asked), snapping any width to the set", async () => {
    const [url] = await photoUrls(vehicleOf.get("/photo-b.jpg")!);
    const webp = await get(`${url}&w=500`, { accept: WEBP });
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: "webp", width: 640 });
    const jpeg = await get(`${url}&w=100`, { accept: "image/*,*/*;q=0.8" });
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 320 });
    const asked = await get(`${url}&w=4000&format=jpeg`, { accept: AVIF });
    expect(asked.headers["content-type"]).toBe("image/jpeg");
    expect(asked.headers.vary ?? "").not.toContain("Accept");
    // Never enlarged: the photo is 1600 wide.
    expect(await sharp(asked.rawPayload).metadata()).toMatchObject({ width: 1600 });
    const plain = await get(url!, { accept: WEBP });
    expect(await sharp(plain.rawPayload).metadata()).toMatchObject({ width: 1280 });
    // Every size and format came from one fetch.
    expect(hits.get("/photo-b.jpg")).toBe(1);
  });

  it("fetches a photo once when the first requests for it come together", async () => {
    const [url] = await photoUrls(vehicleOf.get("/slow.jpg")!);
    const answers = await Promise.all(
      [320, 320, 320, 640, 960, 320].map((w, i) => get(`${url}&w=${w}`, { accept: i % 2 ? WEBP : AVIF })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.every((a) => /^image\/(avif|webp)$/.test(String(a.headers["content-type"])))).toBe(true);
    expect(hits.get("/slow.jpg")).toBe(1);
  });

  it("keeps an address without the photo's current version only a few minutes", async () => {
    const id = vehicleOf.get("/photo-c.jpg")!;
    for (const url of [`/api/quickshop/inventory/${id}/photos/0/?v=0000000000ab&w=320`, `/api/quickshop/inventory/${id}/photos/0/?w=320`]) {
      const answer = await get(url, { accept: WEBP });
      expect(answer.headers["content-type"]).toBe("image/webp");
      expect(answer.headers["cache-control"]).toBe("public, max-age=300");
    }
  });

  it("serves the drawn picture, briefly cached, when the photo is missing, not an image or broken", async () => {
    for (const name of ["/missing.jpg", "/text.jpg", "/broken.jpg"]) {
      const [url] = await photoUrls(vehicleOf.get(name)!);
      const answer = await get(`${url}&w=640`, { accept: AVIF });
      expect(answer.statusCode, name).toBe(200);
      expect(answer.headers["content-type"], name).toBe("image/svg+xml; charset=utf-8");
      expect(answer.headers["x-image-cache"], name).toBe("fallback");
      expect(answer.headers["cache-control"], name).toBe("public, max-age=60");
      expect(answer.body, name).toContain("<svg");
    }
    // A failed photo is not fetched again at once for every request.
    const before = hits.get("/missing.jpg");
    const [url] = await photoUrls(vehicleOf.get("/missing.jpg")!);
    await get(`${url}&w=320`, { accept: AVIF });
    expect(hits.get("/missing.jpg")).toBe(before);
  });

  it("never calls a private or loopback address unless the development allow-list names its host", async () => {
    const strict = await testAppOn(testApp.database, { photos: { cacheDir: path.join(cacheDir, "strict"), privateHosts: [], fetchTimeoutMs: 2_000, maxBytes: 5_000_000 } });
    try {
      const [url] = await photoUrls(vehicleOf.get("/private.jpg")!);
      const answer = await strict.app.inject({ method: "GET", url: `${url}&w=640`, headers: { accept: AVIF } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["x-image-cache"]).toBe("fallback");
      expect(hits.get("/private.jpg") ?? 0).toBe(0);
    } finally {
      await strict.app.close();
    }
  });

  it("answers 404 for an unknown vehicle, a photo it does not have, or a vehicle without feed photos", async () => {
    const id = vehicleOf.get("/photo-a.jpg")!;
    expect((await get("/api/quickshop/inventory/2147483000/photos/0/?w=320")).statusCode).toBe(404);
    expect((await get(`/api/quickshop/inventory/${id}/photos/2/?w=320`)).statusCode).toBe(404);
    expect((await get(`/api/quickshop/inventory/${drawnOnly}/photos/0/`)).statusCode).toBe(404);
  });

  it("answers 400 naming the field for a bad width, format, version or photo number", async () => {
    const id = vehicleOf.get("/photo-a.jpg")!;
    const fields = async (url: string) => {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(400);
      return Object.keys(answer.json());
    };
    expect(await fields(`/api/quickshop/inventory/${id}/photos/0/?w=0`)).toContain("w");
    expect(await fields(`/api/quickshop/inventory/${id}/photos/0/?w=wide`)).toContain("w");
    expect(await fields(`/api/quickshop/inventory/${id}/photos/0/?w=99999`)).toContain("w");
    expect(await fields(`/api/quickshop/inventory/${id}/photos/0/?format=gif`)).toContain("format");
    expect(await fields(`/api/quickshop/inventory/${id}/photos/0/?v=../../x`)).toContain("v");
    expect(await fields(`/api/quickshop/inventory/${id}/photos/x/`)).toContain("n");
  });
});
