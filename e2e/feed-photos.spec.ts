import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** A real 64×40 PNG, drawn here: the photo a dealer's feed points to. */
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
test.beforeAll(async () => {
  const photo = png(64, 40);
  photoHost = createServer((_request, response) =>
    response.writeHead(200, { "content-type": "image/png", "content-length": photo.length }).end(photo),
  );
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

test("a vehicle imported with feed photos shows them under the page's Content-Security-Policy", async ({
  page,
  context,
  baseURL,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const api = (method: "GET" | "POST", path: string, data?: unknown, type?: string) =>
    call(context, page.request, baseURL!, method, path, data, type);
  // A dealer administrator imports one vehicle whose photo is on the feed's host.
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
    `${photoOrigin}/front.png|${photoOrigin}/side.png`,
    "I",
  ].join(",");
  const report = await api("POST", "/api/quickshop/inventory/import/?full=false", `${header}\n${row}\n`, "text/csv");
  expect(report).toMatchObject({ rejected: [] });
  const { results } = (await api("GET", `/api/quickshop/inventory/?query=${stock}`)) as { results: { id: number }[] };
  expect(results).toHaveLength(1);

  // A shopper (another browser, no staff session) opens the vehicle: the photo loads and nothing is blocked.
  const shopper = await browser.newContext({ ...testInfo.project.use });
  const view = await shopper.newPage();
  const blocked: string[] = [];
  view.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const response = await view.goto(`/en/maple-auto/details/${results[0]!.id}/`);
  const imgSrc =
    response
      ?.headers()
      ["content-security-policy"]?.split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("img-src ")) ?? "";
  expect(imgSrc.split(" ")).toContain(photoOrigin);
  expect(imgSrc.split(" ")).not.toContain("*");
  const photo = view.locator(`img[src^="${photoOrigin}/"]`).first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  expect(blocked).toEqual([]);
  await shopper.close();
});
