import { describe, expect, it } from "vitest";
import {
  attachmentDisposition,
  DEFAULT_DOCUMENT_SETTINGS,
  displayNameOf,
  documentSettingsOf,
  fileUploadStepOf,
  hasAllowedExtension,
  isDocumentMediaType,
  missingDocuments,
  quotaRefusal,
} from "./rules.ts";

describe("document rules", () => {
  it("allows PDF, JPEG and PNG content and the picker's four extensions", () => {
    expect(["application/pdf", "image/jpeg", "image/png"].every(isDocumentMediaType)).toBe(true);
    expect(["application/x-msdownload", "image/gif", "image/heic", "", null, "toString", "__proto__"].some(isDocumentMediaType)).toBe(false);
    expect(["a.pdf", "A.PDF", "scan.jpeg", "scan.JPG", "photo.png"].every(hasAllowedExtension)).toBe(true);
    expect(["setup.exe", "a.pdf.exe", "noextension", "a.gif", ".pdf "].map(hasAllowedExtension)).toEqual([false, false, false, false, true]);
  });

  it("lists the required documents still missing, in the dealership's order", () => {
    expect(missingDocuments(["drivers_licence", "proof_of_insurance"], ["other", "proof_of_insurance"])).toEqual(["drivers_licence"]);
    expect(missingDocuments(["drivers_licence"], ["drivers_licence", "drivers_licence"])).toEqual([]);
  });

  it("refuses a file past the customer's file count or bytes", () => {
    const settings = { quota_bytes: 1000, quota_files: 2 };
    expect(quotaRefusal({ bytes: 0, files: 0 }, 1000, settings)).toBeNull();
    expect(quotaRefusal({ bytes: 1, files: 0 }, 1000, settings)).toBe("bytes");
    expect(quotaRefusal({ bytes: 0, files: 2 }, 1, settings)).toBe("files");
  });

  it("moves the file upload step: initial, in progress with files, completed (once said) only while nothing required is missing", () => {
    expect(fileUploadStepOf({ files: 0, completed: false, missing: 1 })).toBe("initial");
    expect(fileUploadStepOf({ files: 1, completed: false, missing: 0 })).toBe("in_progress");
    expect(fileUploadStepOf({ files: 2, completed: true, missing: 0 })).toBe("completed");
    expect(fileUploadStepOf({ files: 1, completed: true, missing: 1 })).toBe("in_progress");
    expect(fileUploadStepOf({ files: 0, completed: true, missing: 1 })).toBe("initial");
    // Nothing required and nothing sent: done when the shopper says so.
    expect(fileUploadStepOf({ files: 0, completed: true, missing: 0 })).toBe("completed");
  });

  it("reads the dealership's settings within bounds", () => {
    expect(documentSettingsOf(null)).toEqual(DEFAULT_DOCUMENT_SETTINGS);
    expect(documentSettingsOf({ max_file_bytes: 2 * 1024 * 1024, quota_files: 5, required_documents: ["pay_stub", "pay_stub"] })).toEqual({
      ...DEFAULT_DOCUMENT_SETTINGS, max_file_bytes: 2 * 1024 * 1024, quota_files: 5, required_documents: ["pay_stub"],
    });
    expect(documentSettingsOf({ max_file_bytes: 1e12, quota_files: 0, required_documents: ["passport"] })).toEqual(DEFAULT_DOCUMENT_SETTINGS);
    expect(documentSettingsOf({ required_documents: [] }).required_documents).toEqual([]);
  });

  it("names a stored document from what was sent: no folders, no control or reserved characters, the real extension", () => {
    expect(displayNameOf("C:\\Users\\jo\\Permis de conduire.PDF", "application/pdf")).toBe("Permis de conduire.pdf");
    expect(displayNameOf("../../etc/passwd", "application/pdf")).toBe("passwd.pdf");
    expect(displayNameOf("scan.pdf", "image/png")).toBe("scan.png");
    expect(displayNameOf('a"b<c>\u0000d\r\n.jpeg', "image/jpeg")).toBe("abcd.jpg");
    expect(displayNameOf("invoice.pdf.exe", "application/pdf")).toBe("invoice.pdf.exe.pdf");
    expect(displayNameOf("evil\u202egpj.exe", "image/jpeg")).toBe("evilgpj.exe.jpg");
    expect(displayNameOf("...", "image/png")).toBe("document.png");
    expect(displayNameOf("x".repeat(300), "application/pdf")).toHaveLength(100);
  });

  it("sends the name as an attachment, ASCII for old clients and UTF-8 for the rest", () => {
    expect(attachmentDisposition("Relevé de paie (mars).pdf")).toBe(
      `attachment; filename="Releve de paie (mars).pdf"; filename*=UTF-8''Relev%C3%A9%20de%20paie%20%28mars%29.pdf`,
    );
    expect(attachmentDisposition("100%.pdf")).toBe(`attachment; filename="100_.pdf"; filename*=UTF-8''100%25.pdf`);
  });
});
