/**
 * Documents a shopper uploads to a deal (transactional spec 2 "File upload", 4 "File upload step" and "Upload",
 * 5 "Upload"; transactions reference 7): PDF, JPEG or PNG files, recognised by their content and not by their
 * name, within a size limit shown to the shopper and a quota per customer, among the documents the dealership
 * asks for.
 */

/** The kinds of document a deal may carry (the usual dealer "stips" list, transactions reference 7). */
export const DOCUMENT_TYPES = [
  "drivers_licence",
  "proof_of_insurance",
  "pay_stub",
  "proof_of_address",
  "other",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** How each kind of document is named to people (the required-documents list and its message). */
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, { en: string; fr: string }> = {
  drivers_licence: { en: "driver's licence", fr: "permis de conduire" },
  proof_of_insurance: { en: "proof of insurance", fr: "preuve d’assurance" },
  pay_stub: { en: "recent pay stub", fr: "talon de paie récent" },
  proof_of_address: { en: "proof of address", fr: "preuve d’adresse" },
  other: { en: "other document", fr: "autre document" },
};

/** The media types a document may have, read from its first bytes, and the extension it is named with. */
export const DOCUMENT_MEDIA_TYPES = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" } as const;
export type DocumentMediaType = keyof typeof DOCUMENT_MEDIA_TYPES;
/** What the file picker offers (spec 5): .pdf, .jpg, .jpeg, .png. */
export const DOCUMENT_EXTENSIONS = [".pdf", ".jpg", ".jpeg", ".png"] as const;

export const isDocumentMediaType = (mime: string | null | undefined): mime is DocumentMediaType =>
  typeof mime === "string" && Object.hasOwn(DOCUMENT_MEDIA_TYPES, mime);

/** The file upload step (spec 4) and its numeric step status on the order: started but not finished awaits the customer. */
export const FILE_UPLOAD_STEP_STATES = ["initial", "in_progress", "completed"] as const;
export type FileUploadStepState = (typeof FILE_UPLOAD_STEP_STATES)[number];
export const FILE_UPLOAD_STEP_VALUE = { initial: 0, in_progress: 3, completed: 1 } as const satisfies Record<
  FileUploadStepState,
  number
>;

/** A file's state as the upload editor shows it (spec 4, "Upload"); the server only ever holds uploaded files. */
export const UPLOAD_STATES = ["uploaded", "uploading", "error"] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

export type DocumentSettings = {
  /** The largest file, in bytes (shown to the shopper). */
  max_file_bytes: number;
  /** What one customer may keep at the dealership, over all their deals: bytes and files. */
  quota_bytes: number;
  quota_files: number;
  /** The documents a deal needs before its file upload step is completed. */
  required_documents: DocumentType[];
};

const MIB = 1024 * 1024;
export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = {
  max_file_bytes: 10 * MIB,
  quota_bytes: 50 * MIB,
  quota_files: 20,
  required_documents: ["drivers_licence", "proof_of_insurance"],
};
/** No dealership setting raises a file above this (the multipart limit of the call). */
export const DOCUMENT_MAX_FILE_BYTES_CAP = 25 * MIB;

const whole = (value: unknown, min: number, max: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/** A dealership's document settings (dealer info `document_settings`, every key optional; values out of bounds fall back to the defaults). */
export function documentSettingsOf(raw: unknown): DocumentSettings {
  const given = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const out: DocumentSettings = {
    ...DEFAULT_DOCUMENT_SETTINGS,
    required_documents: [...DEFAULT_DOCUMENT_SETTINGS.required_documents],
  };
  if (whole(given["max_file_bytes"], 64 * 1024, DOCUMENT_MAX_FILE_BYTES_CAP))
    out.max_file_bytes = given["max_file_bytes"] as number;
  if (whole(given["quota_bytes"], MIB, 1024 * MIB)) out.quota_bytes = given["quota_bytes"] as number;
  if (whole(given["quota_files"], 1, 200)) out.quota_files = given["quota_files"] as number;
  const required = given["required_documents"];
  if (Array.isArray(required) && required.every((t) => (DOCUMENT_TYPES as readonly unknown[]).includes(t))) {
    out.required_documents = [...new Set(required as DocumentType[])];
  }
  if (out.quota_bytes < out.max_file_bytes) out.quota_bytes = out.max_file_bytes;
  return out;
}

/** Whole megabytes of a byte count, for messages ("larger than 10 MB"). */
export const megabytes = (bytes: number) => Math.floor(bytes / MIB);

/** The required documents a deal does not have yet, in the dealership's order. */
export function missingDocuments(required: readonly DocumentType[], uploaded: readonly DocumentType[]): DocumentType[] {
  const have = new Set(uploaded);
  return required.filter((type) => !have.has(type));
}

/** What stops one more file of `bytes` from being kept: the customer's file count or their bytes; null when it fits. */
export function quotaRefusal(
  used: { bytes: number; files: number },
  bytes: number,
  settings: Pick<DocumentSettings, "quota_bytes" | "quota_files">,
): "files" | "bytes" | null {
  if (used.files + 1 > settings.quota_files) return "files";
  if (used.bytes + bytes > settings.quota_bytes) return "bytes";
  return null;
}

/**
 * The file upload step after a change: completed (the shopper said they were done) stays completed while nothing
 * required is missing; otherwise a deal with files is in progress and one without is initial.
 */
export function fileUploadStepOf(input: { files: number; completed: boolean; missing: number }): FileUploadStepState {
  if (input.completed && input.missing === 0) return "completed";
  return input.files > 0 ? "in_progress" : "initial";
}

const EXTENSION_OF_NAME = /\.([A-Za-z0-9]{1,8})$/;
/** The extension the name was given (".PDF" reads ".pdf"), or null. */
export const extensionOf = (name: string): string | null => {
  const match = EXTENSION_OF_NAME.exec(name.trim());
  return match ? `.${match[1]!.toLowerCase()}` : null;
};

/** Whether the file picker's list allows the name's extension (spec 5); the content decides the rest. */
export const hasAllowedExtension = (name: string) =>
  (DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(name) ?? "");

const NAME_MAX = 100;

/**
 * The name a stored document is shown and downloaded under: the last part of what the browser sent (no folders),
 * without control characters, quotes or characters file systems refuse, at most 100 characters, and ending in the
 * extension of what the file really is (a PNG named "scan.pdf" downloads as "scan.png"). Never used to store it:
 * files are kept under names the server chooses.
 */
export function displayNameOf(sent: string, mediaType: DocumentMediaType): string {
  const extension = `.${DOCUMENT_MEDIA_TYPES[mediaType]}`;
  const base = sent.split(/[\\/]/).pop() ?? "";
  let cleaned = base
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|;]/gu, "")
    .replace(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const given = extensionOf(cleaned);
  if (given && (DOCUMENT_EXTENSIONS as readonly string[]).includes(given))
    cleaned = cleaned.slice(0, -given.length).trimEnd();
  const stem = Array.from(cleaned)
    .slice(0, NAME_MAX - extension.length)
    .join("")
    .replace(/[ .]+$/, "");
  return `${stem || "document"}${extension}`;
}

/** The file name as plain ASCII, for the Content-Disposition `filename` every client reads (`filename*` carries the full name). */
export function asciiFileName(name: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\%]/g, "_");
  return ascii || "document";
}

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): downloaded, never shown inline. */
export function attachmentDisposition(name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiFileName(name)}"; filename*=UTF-8''${encoded}`;
}
