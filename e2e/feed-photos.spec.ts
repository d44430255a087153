import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { expect, seriousViolations, test } from "./fixtures.ts";

/** A real PNG, drawn here: the photo a dealer's feed points to. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x3a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

let photoHost: Server;
let photoOrigin: string;
/** Requests the photo host answered, by path: the storefront fetches each photo once. */
const photoRequests = new Map<string, number>();
test.beforeAll(async () => {
  const photo = png(1600, 1000);
  photoHost = createServer((request, response) => {
    photoRequests.set(request.url ?? "", (photoRequests.get(request.url ?? "") ?? 0) + 1);
    response.writeHead(200, { "content-type": "image/png", "content-length": photo.length }).end(photo);
  });
  await new Promise<void>((resolve) => photoHost.listen(0, "127.0.0.1", resolve));
  photoOrigin = `http://127.0.0.1:${(photoHost.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => photoHost.close(() => resolve())));

/** The API as a browser calls it: the tenant header, the CSRF token of the current session, an allowed Origin. */
async function call(
  context: BrowserContext,
  request: APIRequestContext,
  baseURL: string,
  method: "GET" | "POST",
  path: string,
  data?: unknown,
  contentType = "application/json",
) {
  const csrf = (await context.cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
  const headers = { "x-dealer-code": "maple-auto", origin: baseURL, "x-csrftoken": csrf, "content-type": contentType };
  const response = await request.fetch(path, {
    method,
    headers,
    ...(data === undefined ? {} : { data: typeof data === "string" ? data : JSON.stringify(data) }),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

test("a vehicle imported with feed photos shows them resized, in a modern format and from the cache, through the storefront's image route", async ({
  page,
  context,
  baseURL,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const api = (method: "GET" | "POST", path: string, data?: unknown, type?: string) =>
    call(context, page.request, baseURL!, method, path, data, type);
  // A dealer administrator imports one vehicle whose photos are on the feed's host.
  await page.goto("/en/maple-auto/orders/");
  await api("POST", "/api/quickshop/user/login/", {
    email: "admin@maple-auto.example",
    password: "showroom-demo-2026",
  });
  let code = "";
  await expect
    .poll(async () => {
      const { results } = (await api("GET", "/api/dev/mailbox/?to=%2B14165550199")) as {
        results: { text: string; created_at: string }[];
      };
      code =
        /\b(\d{6})\b/.exec([...results].sort((a, b) => b.created_at.localeCompare(a.created_at))[0]?.text ?? "")?.[1] ??
        "";
      return code;
    })
    .not.toBe("");
  await api("POST", "/api/quickshop/user/verification/", { token: code });
  const stock = `PH-${testInfo.project.name}-${Date.now() % 100_000}`;
  const vin = `1HGCV1F3${String(Date.now()).slice(-9)}`.slice(0, 17);
  // Each run's photos have their own addresses, so the cache holds none of them yet.
  const front = `/front-${stock}.png`;
  const header =
    "VIN,Stock #,Type,Year,Make,Model,Trim,Body Style,Ext Color,Int Color,Odometer,Price,MSRP,Photos,Status";
  const row = [
    vin,
    stock,
    "Used",
    "2023",
    "Honda",
    "Accord",
    "EX",
    "Sedan",
    "Platinum White Pearl",
    "Black",
    "21000",
    "31999",
    "35000",
    `${photoOrigin}${front}|${photoOrigin}/side-${stock}.png`,
    "I",
  ].join(",");
  const report = await api("POST", "/api/quickshop/inventory/import/?full=false", `${header}\n${row}\n`, "text/csv");
  expect(report).toMatchObject({ rejected: [] });
  const { results } = (await api("GET", `/api/quickshop/inventory/?query=${stock}`)) as { results: { id: number }[] };
  expect(results).toHaveLength(1);
  const id = results[0]!.id;
  const photoRoute = new RegExp(`^${baseURL}/api/quickshop/inventory/${id}/photos/0/\\?v=[0-9a-f]{12}&w=(\\d+)$`);

  // The details page's HTML, before any script: its first picture is preloaded from the head, with its srcset.
  const html = await (await page.request.get(`/en/maple-auto/details/${id}/`)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const preload = /<link rel="preload"[^>]*imageSrcSet="[^"]*"[^>]*>/i.exec(head)?.[0] ?? "";
  expect(preload).toContain('as="image"');
  expect(preload).toContain('fetchPriority="high"');
  expect(preload).toMatch(new RegExp(`imageSrcSet="/api/quickshop/inventory/${id}/photos/0/\\?v=[0-9a-f]{12}&amp;w=320 320w, `));
  expect(preload).toContain("imageSizes=");
  expect(html).not.toContain(photoOrigin);

  // A shopper (another browser, no staff session) opens the vehicle: the photo comes from the storefront, resized.
  const shopper = await browser.newContext({ ...testInfo.project.use });
  const view = await shopper.newPage();
  const blocked: string[] = [];
  view.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const response = await view.goto(`/en/maple-auto/details/${id}/`);
  const imgSrc =
    response
      ?.headers()
      ["content-security-policy"]?.split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("img-src ")) ?? "";
  expect(imgSrc.split(" ")).not.toContain(photoOrigin);
  expect(imgSrc.split(" ")).not.toContain("*");
  const picture = view.getByTestId("gallery-picture");
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The picture's own pixels (naturalWidth is in CSS pixels, scaled by the srcset's density).
  const shown = await picture.evaluate(async (img: HTMLImageElement) => {
    const bitmap = await createImageBitmap(await (await fetch(img.currentSrc)).blob());
    return { src: img.currentSrc, width: bitmap.width, height: bitmap.height };
  });
  const width = Number(photoRoute.exec(shown.src)?.[1]);
  expect([320, 480, 640, 960, 1280, 1920]).toContain(width);
  // Resized to the width the srcset named (the feed's photo is 1600 by 1000 pixels).
  expect(shown).toMatchObject({ width, height: (width * 1000) / 1600 });
  expect(blocked).toEqual([]);

  // The same address again (as another shopper's browser would ask it): AVIF, from the cache, cached for a year.
  const again = await view.request.get(shown.src, { headers: { accept: "image/avif,image/webp,image/*,*/*;q=0.8" } });
  expect(again.status()).toBe(200);
  expect(again.headers()["content-type"]).toBe("image/avif");
  expect(again.headers()["x-image-cache"]).toBe("hit");
  expect(again.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  // Another size: made once (a miss), then served from the cache (a hit); the feed's host was asked once in all.
  const other = shown.src.replace(/&w=\d+$/, `&w=${width === 320 ? 480 : 320}`);
  const first = await view.request.get(other, { headers: { accept: "image/webp,*/*" } });
  const second = await view.request.get(other, { headers: { accept: "image/webp,*/*" } });
  expect([first.headers()["x-image-cache"], second.headers()["x-image-cache"]]).toEqual(["miss", "hit"]);
  expect(second.headers()["content-type"]).toBe("image/webp");
  expect(photoRequests.get(front)).toBe(1);

  expect(await seriousViolations(view)).toEqual([]);
  await shopper.close();
});
