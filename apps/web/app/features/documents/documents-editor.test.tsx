// @vitest-environment happy-dom
import type { OrderDocuments } from "@showroom/domain";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { documentSettings, licence, orderDocuments } from "../../testing/appointments.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { checkDocumentFile, sizeLabel } from "./document-checks.ts";
import type { DocumentsApi, DocumentUpload, UploadAnswer, uploadDocument } from "./documents-api.ts";
import { DocumentsEditor } from "./documents-editor.tsx";
import { documentsTranslator } from "./i18n.ts";

afterEach(cleanup);

const tEn = documentsTranslator("en-ca", translator(catalogues.en));
const refused = (status: number, body: unknown) => new ApiRequestError({ kind: "http", status, body });
const MB = 1024 * 1024;

function Editor(props: {
  initial: OrderDocuments;
  api: DocumentsApi;
  upload: typeof uploadDocument;
  download?: () => Promise<void>;
}) {
  const [documents, setDocuments] = useState(props.initial);
  return (
    <I18nContext.Provider value={{ locale: "en-ca", t: translator(catalogues.en) }}>
      <DocumentsEditor
        t={tEn}
        language="en"
        api={props.api}
        dealerCode="maple-auto"
        orderId={41}
        settings={documentSettings()}
        documents={documents}
        onDocuments={setDocuments}
        onCompleted={setDocuments}
        onSessionExpired={vi.fn()}
        upload={props.upload}
        download={props.download ?? vi.fn(async () => undefined)}
      />
    </I18nContext.Provider>
  );
}

function open(options: { initial?: OrderDocuments; api?: Partial<DocumentsApi>; upload?: typeof uploadDocument } = {}) {
  const api: DocumentsApi = {
    settings: vi.fn(async () => documentSettings()),
    list: vi.fn(async () => options.initial ?? orderDocuments()),
    remove: vi.fn(async () => orderDocuments()),
    complete: vi.fn(async () => orderDocuments({ step: "completed" })),
    ...options.api,
  };
  const upload = options.upload ?? vi.fn();
  render(<Editor initial={options.initial ?? orderDocuments()} api={api} upload={upload as typeof uploadDocument} />);
  return { api, upload };
}

const byTestId = (id: string) => screen.getByTestId(id);
const choose = (type: string, file: File) =>
  fireEvent.change(byTestId(`document-${type}-file`), { target: { files: [file] } });

describe("the browser's check of a file (the API's rules)", () => {
  const settings = documentSettings();
  it("takes a PDF, JPEG or PNG named .pdf, .jpg, .jpeg or .png within the size limit", () => {
    expect(checkDocumentFile({ name: "licence.PDF", size: 1000, type: "application/pdf" }, settings)).toBeNull();
    expect(checkDocumentFile({ name: "scan.jpeg", size: 1000, type: "image/jpeg" }, settings)).toBeNull();
    // A browser that does not know the type leaves it to the API's content check.
    expect(checkDocumentFile({ name: "scan.png", size: 1000, type: "" }, settings)).toBeNull();
  });
  it("refuses another extension or type, an empty file and one over the limit", () => {
    expect(checkDocumentFile({ name: "setup.exe", size: 1000, type: "application/octet-stream" }, settings)).toBe(
      "format",
    );
    expect(checkDocumentFile({ name: "notes.pdf", size: 1000, type: "text/plain" }, settings)).toBe("format");
    expect(checkDocumentFile({ name: "licence.pdf", size: 0, type: "application/pdf" }, settings)).toBe("empty");
    expect(checkDocumentFile({ name: "licence.pdf", size: 10 * MB + 1, type: "application/pdf" }, settings)).toBe(
      "size",
    );
    expect(checkDocumentFile({ name: "licence.pdf", size: 10 * MB, type: "application/pdf" }, settings)).toBeNull();
  });
  it("reads sizes in both languages", () => {
    expect(sizeLabel(184_320, "en")).toBe("180 KB");
    expect(sizeLabel(2.5 * MB, "fr")).toBe("2,5 Mo");
  });
});

describe("the document upload editor", () => {
  it("shows the size limit and the required documents, and offers only the accepted files", () => {
    open();
    expect(screen.getByText(/PDF, JPG or PNG files, up to 10 MB each\./)).toBeTruthy();
    expect(byTestId("documents-required").textContent).toBe("Required: driver's licence, proof of insurance.");
    expect(byTestId("document-drivers_licence-file").getAttribute("accept")).toBe(
      ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png",
    );
    expect(byTestId("document-drivers_licence-status").textContent).toBe("Not uploaded yet");
  });

  it("refuses in the browser a file of another format, or over the limit, at its row (nothing is sent)", () => {
    const { upload } = open();
    choose("drivers_licence", new File(["MZ"], "licence.exe", { type: "application/x-msdownload" }));
    expect(byTestId("document-drivers_licence-error").textContent).toBe(
      "This file is not a PDF, JPG or PNG document. Upload a .pdf, .jpg, .jpeg or .png file.",
    );
    expect(byTestId("document-drivers_licence").getAttribute("data-status")).toBe("error");
    choose("pay_stub", new File([new Uint8Array(11 * MB)], "stub.pdf", { type: "application/pdf" }));
    expect(byTestId("document-pay_stub-error").textContent).toBe(
      "This file is larger than 10 MB. Upload a smaller file.",
    );
    expect(upload).not.toHaveBeenCalled();
  });

  it("uploading: a progress bar screen readers hear; then uploaded, listed with its size", async () => {
    let progress: (sent: number, total: number) => void = () => {};
    let finish: (answer: UploadAnswer) => void = () => {};
    const upload = vi.fn((options: Parameters<typeof uploadDocument>[0]): DocumentUpload => {
      progress = options.onProgress;
      return { done: new Promise((resolve) => (finish = resolve)) as DocumentUpload["done"], abort: vi.fn() };
    });
    open({ upload: upload as unknown as typeof uploadDocument });
    choose("drivers_licence", new File(["%PDF-1.4"], "licence.pdf", { type: "application/pdf" }));
    expect(upload).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: 41, documentType: "drivers_licence", dealerCode: "maple-auto" }),
    );
    act(() => progress(450, 1000));
    const bar = screen.getByRole("progressbar", { name: "Upload progress: Driver’s licence" });
    expect(bar.getAttribute("aria-valuenow")).toBe("45");
    expect(byTestId("document-drivers_licence-status").textContent).toBe("Uploading licence.pdf… 45%");
    expect(byTestId("document-drivers_licence").getAttribute("data-status")).toBe("uploading");
    // "I'm done" waits for the upload.
    expect((byTestId("documents-done") as HTMLButtonElement).disabled).toBe(true);
    await act(async () =>
      finish({
        ...orderDocuments({ documents: [licence()], missing_documents: ["proof_of_insurance"], step: "in_progress" }),
        document: licence(),
      }),
    );
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(byTestId("document-drivers_licence").getAttribute("data-status")).toBe("uploaded");
    expect(byTestId("document-drivers_licence-status").textContent).toBe("Uploaded (1)");
    expect(byTestId("document-file-name").textContent).toBe("licence.pdf");
    expect(screen.getByText(/180 KB · Uploaded/)).toBeTruthy();
  });

  it("a refusal by the API (its content is not a PDF, the quota) shows its message at the row: the error state", async () => {
    const upload = vi.fn((): DocumentUpload => ({
      done: Promise.reject(
        refused(400, {
          file: ["This file is not a PDF, JPG or PNG document. Upload a .pdf, .jpg, .jpeg or .png file."],
        }),
      ),
      abort: vi.fn(),
    }));
    open({ upload: upload as unknown as typeof uploadDocument });
    choose("proof_of_insurance", new File(["MZ renamed"], "insurance.pdf", { type: "application/pdf" }));
    expect((await screen.findByTestId("document-proof_of_insurance-error")).textContent).toBe(
      "This file is not a PDF, JPG or PNG document. Upload a .pdf, .jpg, .jpeg or .png file.",
    );
  });

  it("a failed upload (network, 413) says so", async () => {
    const upload = vi
      .fn()
      .mockImplementationOnce(() => ({
        done: Promise.reject(new ApiRequestError({ kind: "network" })),
        abort: vi.fn(),
      }))
      .mockImplementationOnce(() => ({ done: Promise.reject(refused(413, null)), abort: vi.fn() }));
    open({ upload: upload as unknown as typeof uploadDocument });
    choose("other", new File(["%PDF"], "a.pdf", { type: "application/pdf" }));
    expect((await screen.findByTestId("document-other-error")).textContent).toBe(
      "The file could not be uploaded. Please try again.",
    );
    choose("pay_stub", new File(["%PDF"], "b.pdf", { type: "application/pdf" }));
    expect((await screen.findByTestId("document-pay_stub-error")).textContent).toBe(
      "This file is larger than 10 MB. Upload a smaller file.",
    );
  });

  it("'I'm done' with a required document missing says which, without calling; with all of them, completes the step", async () => {
    const { api } = open({
      initial: orderDocuments({
        documents: [licence()],
        missing_documents: ["proof_of_insurance"],
        step: "in_progress",
      }),
    });
    fireEvent.click(byTestId("documents-done"));
    expect(byTestId("documents-error").textContent).toBe("Required documents missing: proof of insurance.");
    expect(byTestId("documents-error").getAttribute("role")).toBe("alert");
    expect(api.complete).not.toHaveBeenCalled();
    cleanup();

    const all = orderDocuments({
      documents: [
        licence(),
        licence({ id: 10, document_type: "proof_of_insurance", name: "insurance.png", media_type: "image/png" }),
      ],
      missing_documents: [],
      step: "in_progress",
    });
    const done = open({ initial: all, api: { complete: vi.fn(async () => ({ ...all, step: "completed" as const })) } });
    fireEvent.click(byTestId("documents-done"));
    await waitFor(() => expect(done.api.complete).toHaveBeenCalledWith(41));
    expect((await screen.findByTestId("documents-completed")).textContent).toBe(
      "Your documents were sent to the dealership.",
    );
  });

  it("the API's 'required documents missing' is shown as it words it", async () => {
    const all = orderDocuments({
      documents: [licence(), licence({ id: 10, document_type: "proof_of_insurance" })],
      missing_documents: [],
    });
    open({
      initial: all,
      api: {
        complete: vi.fn(async () => {
          throw refused(400, {
            non_field_errors: ["Required documents missing: proof of insurance."],
            code: "required_documents_missing",
          });
        }),
      },
    });
    fireEvent.click(byTestId("documents-done"));
    expect((await screen.findByTestId("documents-error")).textContent).toBe(
      "Required documents missing: proof of insurance.",
    );
  });

  it("deletes a document", async () => {
    const { api } = open({ initial: orderDocuments({ documents: [licence()], step: "in_progress" }) });
    fireEvent.click(screen.getByRole("button", { name: /^Delete\s*: licence\.pdf$/ }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(41, 9));
    await waitFor(() => expect(screen.queryByTestId("document-file")).toBeNull());
  });
});
