import { hasAllowedExtension, type DocumentSettingsWire } from "@showroom/domain";

/**
 * The browser's check of a chosen file, with the API's rules (transactional spec 5, "Upload"): named .pdf, .jpg,
 * .jpeg or .png and, when the browser knows its type, a PDF, JPEG or PNG; within the size limit shown; not empty.
 * The API still reads the content: a renamed file passes here and is refused there.
 */
export type FileRefusal = "format" | "size" | "empty";

export function checkDocumentFile(
  file: { name: string; size: number; type: string },
  settings: Pick<DocumentSettingsWire, "accepted_media_types" | "max_file_bytes">,
): FileRefusal | null {
  if (!hasAllowedExtension(file.name)) return "format";
  if (file.type && !(settings.accepted_media_types as readonly string[]).includes(file.type)) return "format";
  if (file.size === 0) return "empty";
  if (file.size > settings.max_file_bytes) return "size";
  return null;
}

/** The file input's accept list: the extensions and their media types. */
export const acceptList = (settings: Pick<DocumentSettingsWire, "accepted_extensions" | "accepted_media_types">) =>
  [...settings.accepted_extensions, ...settings.accepted_media_types].join(",");

/** A size as people read it: "850 KB", "2.4 MB" ("2,4 Mo" in French). */
export function sizeLabel(bytes: number, language: "en" | "fr"): string {
  const locale = language === "fr" ? "fr-CA" : "en-CA";
  if (bytes < 1024 * 1024) {
    const kb = Math.max(1, Math.round(bytes / 1024));
    return `${kb.toLocaleString(locale)} ${language === "fr" ? "Ko" : "KB"}`;
  }
  const mb = bytes / (1024 * 1024);
  return `${mb.toLocaleString(locale, { maximumFractionDigits: 1 })} ${language === "fr" ? "Mo" : "MB"}`;
}
