import { documentSettingsSchema, orderDocumentsSchema } from "@showroom/domain";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredShopper } from "../../test/customers.ts";
import { dealershipRow, multipart, savedDeal, sendRaw, setDealership, staffAt } from "../../test/deals.ts";
import { client, createTestApp, type TestApp } from "../../test/test-app.ts";
import { orderDocuments } from "./tables.ts";

let testApp: TestApp;
type Browser = ReturnType<typeof client>;

beforeAll(async () => {
  testApp = await createTestApp({ signInLimitPer15Minutes: 10_000, rateLimitPerMinute: 100_000 });
});
afterAll(async () => {
  await testApp?.close();
});

const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
/** The first bytes of a Windows program (the DOS header and its stub), as a renamed .exe starts. */
const EXE = Buffer.concat([
  Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]),
  Buffer.alloc(48),
  Buffer.from("This program cannot be run in DOS mode.\r\r\n$"),
]);
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

async function shopperWithDeal(code = "maple-auto") {
  const shopper = await registeredShopper(testApp, code);
  const deal = await savedDeal(testApp, shopper.shopper, code);
  return { ...shopper, deal };
}

const upload = (
  browser: Browser,
  orderId: number,
  documentType: string,
  file: { filename: string; type: string; bytes: Buffer },
  code = "maple-auto",
) =>
  sendRaw(
    testApp,
    browser,
    "POST",
    `/api/order/${orderId}/documents/`,
    multipart({ document_type: documentType }, file),
    code,
  );
const pdf = (filename = "Permis de conduire.pdf") => ({ filename, type: "application/pdf", bytes: PDF });

describe("settings", () => {
  it("tells the editor the accepted types, the size limit and the required documents", async () => {
    const response = await client(testApp).get("/api/documents/settings/");
    expect(response.statusCode).toBe(200);
    expect(documentSettingsSchema.parse(response.json())).toEqual({
      enabled: true,
      accepted_extensions: [".pdf", ".jpg", ".jpeg", ".png"],
      accepted_media_types: ["application/pdf", "image/jpeg", "image/png"],
      max_file_bytes: 10 * 1024 * 1024,
      max_file_megabytes: 10,
      quota_bytes: 50 * 1024 * 1024,
      quota_files: 20,
      document_types: ["drivers_licence", "proof_of_insurance", "pay_stub", "proof_of_address", "other"],
      required_documents: ["drivers_licence", "proof_of_insurance"],
    });
  });
});

describe("uploads", () => {
  it("stores a PDF under a server-chosen name, lists it, moves the step to in progress, and serves it to its owner as an attachment", async () => {
    const { shopper, deal } = await shopperWithDeal();
    const response = await upload(shopper, deal.id, "drivers_licence", pdf("C:\\fakepath\\Permis de conduire.PDF"));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.document).toMatchObject({
      order_id: deal.id,
      document_type: "drivers_licence",
      name: "Permis de conduire.pdf",
      media_type: "application/pdf",
      size: PDF.length,
      status: "uploaded",
    });
    expect(orderDocumentsSchema.parse(body)).toMatchObject({
      step: "in_progress",
      missing_documents: ["proof_of_insurance"],
      used_files: 1,
      used_bytes: PDF.length,
    });
    const [row] = await testApp.database.db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.id, body.document.id));
    expect(row!.storageKey).toMatch(/^order-documents\/[a-f0-9]{32}$/);
    expect((await shopper.get(`/api/order/${deal.id}/`)).json()).toMatchObject({ step_statuses: { "file-upload": 3 } });

    const download = await sendRaw(testApp, shopper, "GET", body.document.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="Permis de conduire.pdf"; filename*=UTF-8''Permis%20de%20conduire.pdf`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
  });

  it("refuses a renamed .exe as a PDF, text named .pdf, and a PNG named .exe, with the format message", async () => {
    const { shopper, deal } = await shopperWithDeal();
    for (const file of [
      pdf("licence.pdf"),
      { filename: "notes.pdf", type: "application/pdf", bytes: Buffer.from("just some text") },
      { filename: "photo.exe", type: "image/png", bytes: await png() },
    ]) {
      const sent = file.filename === "licence.pdf" ? { ...file, bytes: EXE } : file;
      const response = await upload(shopper, deal.id, "drivers_licence", sent);
      expect(response.statusCode, file.filename).toBe(400);
      expect(response.json()).toEqual({
        file: ["This file is not a PDF, JPG or PNG document. Upload a .pdf, .jpg, .jpeg or .png file."],
        code: "document_format",
      });
    }
    expect((await shopper.get(`/api/order/${deal.id}/documents/`)).json()).toMatchObject({
      documents: [],
      step: "initial",
    });
  });

  it("keeps a PNG named .pdf under its real extension", async () => {
    const { shopper, deal } = await shopperWithDeal();
    const response = await upload(shopper, deal.id, "other", {
      filename: "scan.pdf",
      type: "application/pdf",
      bytes: await png(),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().document).toMatchObject({ name: "scan.png", media_type: "image/png" });
  });

  it("refuses a file over the dealership's size limit with 413 naming the file (the limit shown by the settings call)", async () => {
    const restore = await setDealership(testApp, "maple-auto", { document_settings: { max_file_bytes: 1024 * 1024 } });
    try {
      const { shopper, deal } = await shopperWithDeal();
      expect((await client(testApp).get("/api/documents/settings/")).json()).toMatchObject({
        max_file_bytes: 1024 * 1024,
        max_file_megabytes: 1,
      });
      const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]);
      const response = await upload(shopper, deal.id, "drivers_licence", {
        filename: "big.pdf",
        type: "application/pdf",
        bytes: big,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        file: ["This file is larger than 1 MB. Upload a smaller file."],
        code: "document_too_large",
      });
      expect(
        await testApp.database.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, deal.id)),
      ).toEqual([]);
    } finally {
      await restore();
    }
  });

  it("keeps a customer within the quota of files over all their deals", async () => {
    const restore = await setDealership(testApp, "maple-auto", { document_settings: { quota_files: 2 } });
    try {
      const { shopper, deal } = await shopperWithDeal();
      const second = await savedDeal(testApp, shopper, "maple-auto", 1);
      expect((await upload(shopper, deal.id, "drivers_licence", pdf())).statusCode).toBe(201);
      expect((await upload(shopper, second.id, "pay_stub", pdf("stub.pdf"))).statusCode).toBe(201);
      const third = await upload(shopper, second.id, "other", pdf("more.pdf"));
      expect(third.statusCode).toBe(400);
      expect(third.json()).toEqual({
        file: ["You already have 2 documents at this dealership. Delete one to upload another."],
        code: "document_quota_files",
      });
    } finally {
      await restore();
    }
  });

  it("answers 'The file could not be uploaded.' when the storage fails, keeping nothing", async () => {
    const { shopper, deal } = await shopperWithDeal();
    const files = testApp.app.files;
    const put = files.put;
    files.put = async () => {
      throw new Error("disk full");
    };
    try {
      const response = await upload(shopper, deal.id, "drivers_licence", pdf());
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({
        detail: "The file could not be uploaded. Please try again.",
        code: "document_upload_failed",
      });
    } finally {
      files.put = put;
    }
    expect(await testApp.database.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, deal.id))).toEqual(
      [],
    );
  });

  it("answers 400 naming the field for a bad document type, a missing file or a JSON body", async () => {
    const { shopper, deal } = await shopperWithDeal();
    expect((await upload(shopper, deal.id, "passport", pdf())).json()).toEqual({
      document_type: ["Choose a kind of document from the list."],
    });
    const noFile = await sendRaw(
      testApp,
      shopper,
      "POST",
      `/api/order/${deal.id}/documents/`,
      multipart({ document_type: "other" }),
    );
    expect(noFile.json()).toMatchObject({ file: ["Choose a file to upload."] });
    expect((await shopper.post(`/api/order/${deal.id}/documents/`, { document_type: "other" })).statusCode).toBe(400);
  });
});

describe("the file upload step", () => {
  it("completes only with every required document ('required documents missing' otherwise), and goes back when one is deleted", async () => {
    const { shopper, deal } = await shopperWithDeal();
    const none = await shopper.post(`/api/order/${deal.id}/documents/complete/`);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      non_field_errors: ["Required documents missing: driver's licence, proof of insurance."],
      code: "required_documents_missing",
    });
    await upload(shopper, deal.id, "drivers_licence", pdf());
    expect((await shopper.post(`/api/order/${deal.id}/documents/complete/`)).json()).toMatchObject({
      non_field_errors: ["Required documents missing: proof of insurance."],
    });
    const insurance = (
      await upload(shopper, deal.id, "proof_of_insurance", {
        filename: "assurance.png",
        type: "image/png",
        bytes: await png(),
      })
    ).json().document;
    const done = await shopper.post(`/api/order/${deal.id}/documents/complete/`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ step: "completed", missing_documents: [] });
    expect((await shopper.get(`/api/order/${deal.id}/`)).json()).toMatchObject({ step_statuses: { "file-upload": 1 } });
    // Another file keeps it completed; deleting a required one does not.
    expect((await upload(shopper, deal.id, "other", pdf("extra.pdf"))).json()).toMatchObject({ step: "completed" });
    const [row] = await testApp.database.db.select().from(orderDocuments).where(eq(orderDocuments.id, insurance.id));
    const removed = await shopper.request("DELETE", `/api/order/${deal.id}/documents/${insurance.id}/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ step: "in_progress", missing_documents: ["proof_of_insurance"] });
    expect(await testApp.app.files.get(row!.storageKey)).toBeNull();
    expect((await shopper.get(`/api/order/${deal.id}/`)).json()).toMatchObject({ step_statuses: { "file-upload": 3 } });
    expect((await shopper.request("DELETE", `/api/order/${deal.id}/documents/${insurance.id}/`)).statusCode).toBe(404);
  });

  it("deletes a deal's files with the deal", async () => {
    const { shopper, deal } = await shopperWithDeal();
    const document = (await upload(shopper, deal.id, "drivers_licence", pdf())).json().document;
    const [row] = await testApp.database.db.select().from(orderDocuments).where(eq(orderDocuments.id, document.id));
    expect(await testApp.app.files.get(row!.storageKey)).not.toBeNull();
    expect((await shopper.request("DELETE", `/api/order/${deal.id}/`)).statusCode).toBe(204);
    expect(await testApp.app.files.get(row!.storageKey)).toBeNull();
  });
});

describe("who may read a file", () => {
  it("answers 404 to another customer and to staff of another dealership; the dealership's staff read and list it", async () => {
    const { shopper, deal } = await shopperWithDeal();
    const document = (await upload(shopper, deal.id, "drivers_licence", pdf())).json().document;
    const other = await registeredShopper(testApp);
    for (const call of [
      () => sendRaw(testApp, other.shopper, "GET", document.url),
      () => other.shopper.get(`/api/order/${deal.id}/documents/`),
      () => other.shopper.request("DELETE", `/api/order/${deal.id}/documents/${document.id}/`),
      () => upload(other.shopper, deal.id, "other", pdf()),
      () => other.shopper.post(`/api/order/${deal.id}/documents/complete/`),
    ]) {
      expect((await call()).statusCode).toBe(404);
    }
    const visitor = client(testApp);
    await visitor.get("/api/i18n/");
    expect((await sendRaw(testApp, visitor, "GET", document.url)).statusCode).toBe(404);
    expect((await visitor.get(`/api/order/${deal.id}/documents/`)).statusCode).toBe(403);

    const lavalAdmin = await staffAt(testApp, "admin@boulevard-laval.example", "boulevard-laval");
    expect((await sendRaw(testApp, lavalAdmin, "GET", document.url, undefined, "boulevard-laval")).statusCode).toBe(
      404,
    );
    expect((await lavalAdmin.get(`/api/quickshop/documents/?order=${deal.id}`)).statusCode).toBe(404);

    const rep = await staffAt(testApp, "sales-rep@maple-auto.example");
    const read = await sendRaw(testApp, rep, "GET", document.url);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PDF)).toBe(true);
    const listed = await rep.get(`/api/quickshop/documents/?order=${deal.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().documents.map((d: { id: number }) => d.id)).toEqual([document.id]);
  });

  it("answers 440 when the shopper's session expired", async () => {
    const { shopper, deal } = await shopperWithDeal();
    testApp.clock.advance(testApp.config.sessionIdleMs + 1000);
    const response = await shopper.get(`/api/order/${deal.id}/documents/`);
    expect(response.statusCode).toBe(440);
  });

  it("answers 403 documents_disabled where the dealership takes none", async () => {
    const { shopper, deal } = await shopperWithDeal("maple-vw-ottawa");
    const modules = (await dealershipRow(testApp, "maple-vw-ottawa")).moduleSettings.enabled_modules;
    const restore = await setDealership(
      testApp,
      "maple-vw-ottawa",
      {},
      modules.filter((m) => m !== "file_upload"),
    );
    try {
      const response = await upload(shopper, deal.id, "drivers_licence", pdf(), "maple-vw-ottawa");
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "documents_disabled" });
    } finally {
      await restore();
    }
  });
});
