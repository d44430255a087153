import {
  DOCUMENT_TYPE_LABELS,
  missingDocuments,
  type DocumentSettingsWire,
  type DocumentType,
  type DocumentWire,
  type Language,
  type OrderDocuments,
} from "@showroom/domain";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { ApiRequestError } from "../../lib/api-client.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { acceptList, checkDocumentFile, sizeLabel, type FileRefusal } from "./document-checks.ts";
import { downloadDocument, uploadDocument, type DocumentsApi, type DocumentUpload } from "./documents-api.ts";
import type { DocumentsTranslate } from "./i18n.ts";

/** Spec 4, "Upload": a file being sent (with its progress) or refused; the stored ones are "uploaded". */
type TypeState =
  { phase: "idle" } | { phase: "uploading"; percent: number; name: string } | { phase: "error"; message: string };

/** "Required documents missing: driver's licence, proof of insurance." as the API words it. */
export function requiredMissingMessage(t: DocumentsTranslate, missing: readonly DocumentType[], language: Language) {
  return t("documents.required_missing", {
    documents: missing.map((type) => DOCUMENT_TYPE_LABELS[type][language]).join(", "),
  });
}

/** The message of a refused upload: the API's at the file (format, size, quota), else the general one, else ours. */
export function uploadRefusal(error: unknown, messages: { failed: string; tooLarge: string }): string | null {
  if (error instanceof ApiRequestError && error.failure.kind === "session-expired") return null;
  const failure = httpFailure(error);
  const read = errorMessages(failure?.body);
  const own = read.fields["file"] ?? read.fields["document_type"] ?? read.general[0];
  if (failure?.status === 413) return own ?? messages.tooLarge;
  return own ?? messages.failed;
}

/**
 * The document upload editor of one deal (spec 2 "File upload editor"): a row per kind of document the dealership
 * takes, the required ones marked, each with its stored files (download, delete) and a file input; a chosen file is
 * checked in the browser with the API's rules, then sent with its progress; "I'm done" completes the step or says
 * which required documents are missing.
 */
export function DocumentsEditor(props: {
  t: DocumentsTranslate;
  language: Language;
  api: DocumentsApi;
  dealerCode: string;
  orderId: number;
  settings: DocumentSettingsWire;
  documents: OrderDocuments;
  onDocuments(documents: OrderDocuments): void;
  onCompleted(documents: OrderDocuments): void;
  onSessionExpired(userKind: "dealer" | "customer" | null): void;
  /** Replaces XMLHttpRequest in tests. */
  upload?: typeof uploadDocument;
  download?: typeof downloadDocument;
}) {
  const { t, language, settings, documents } = props;
  const [states, setStates] = useState<Partial<Record<DocumentType, TypeState>>>({});
  const [busy, setBusy] = useState<number | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  const uploads = useRef(new Map<DocumentType, DocumentUpload>());
  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((upload) => upload.abort());
  }, []);

  const size = settings.max_file_megabytes;
  const refusals: Record<FileRefusal, string> = {
    format: t("documents.error.format"),
    size: t("documents.error.size", { size }),
    empty: t("documents.error.empty"),
  };
  const setState = (type: DocumentType, state: TypeState) => setStates((all) => ({ ...all, [type]: state }));
  const label = (type: DocumentType) => t(`documents.type.${type}`);

  function send(type: DocumentType, file: File) {
    setGeneral(null);
    const refused = checkDocumentFile(file, settings);
    if (refused) return setState(type, { phase: "error", message: refusals[refused] });
    setState(type, { phase: "uploading", percent: 0, name: file.name });
    const upload = (props.upload ?? uploadDocument)({
      dealerCode: props.dealerCode,
      orderId: props.orderId,
      documentType: type,
      file,
      onProgress: (sent, total) =>
        setState(type, {
          phase: "uploading",
          percent: total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0,
          name: file.name,
        }),
      onSessionExpired: props.onSessionExpired,
    });
    uploads.current.set(type, upload);
    upload.done.then(
      (answer) => {
        uploads.current.delete(type);
        setState(type, { phase: "idle" });
        const { document: _added, ...list } = answer;
        props.onDocuments(list);
      },
      (error: unknown) => {
        uploads.current.delete(type);
        if (error instanceof DOMException && error.name === "AbortError") return setState(type, { phase: "idle" });
        const message = uploadRefusal(error, { failed: t("documents.error.failed"), tooLarge: refusals.size });
        setState(type, message ? { phase: "error", message } : { phase: "idle" });
      },
    );
  }

  async function remove(document_: DocumentWire) {
    setBusy(document_.id);
    setRowErrors(({ [document_.id]: _gone, ...rest }) => rest);
    try {
      props.onDocuments(await props.api.remove(props.orderId, document_.id));
    } catch (error) {
      const message = uploadRefusal(error, { failed: t("documents.error.delete_failed"), tooLarge: refusals.size });
      if (message) setRowErrors((all) => ({ ...all, [document_.id]: message }));
    } finally {
      setBusy(null);
    }
  }

  async function download(document_: DocumentWire) {
    setRowErrors(({ [document_.id]: _gone, ...rest }) => rest);
    try {
      await (props.download ?? downloadDocument)(document_, props.dealerCode);
    } catch {
      setRowErrors((all) => ({ ...all, [document_.id]: t("documents.error.download_failed") }));
    }
  }

  async function complete() {
    const missing = missingDocuments(
      documents.required_documents,
      documents.documents.map((d) => d.document_type),
    );
    // The API's rule, said before the call: the required documents a deal still lacks.
    if (missing.length) return setGeneral(requiredMissingMessage(t, missing, language));
    setCompleting(true);
    setGeneral(null);
    try {
      props.onCompleted(await props.api.complete(props.orderId));
    } catch (error) {
      const read = errorMessages(httpFailure(error)?.body);
      if (!(error instanceof ApiRequestError && error.failure.kind === "session-expired"))
        setGeneral(read.general[0] ?? t("documents.error.complete_failed"));
    } finally {
      setCompleting(false);
    }
  }

  const required = new Set(documents.required_documents);
  const uploading = Object.values(states).some((s) => s?.phase === "uploading");
  return (
    <div className="grid gap-4" data-testid="documents-editor" data-step={documents.step}>
      <p>{t("documents.intro", { size })}</p>
      {documents.required_documents.length > 0 && (
        <p className="text-sm" data-testid="documents-required">
          {t("documents.required_list", {
            documents: documents.required_documents.map((type) => DOCUMENT_TYPE_LABELS[type][language]).join(", "),
          })}
        </p>
      )}
      <ul className="grid gap-3">
        {settings.document_types.map((type) => (
          <li key={type}>
            <TypeRow
              t={t}
              language={language}
              type={type}
              label={label(type)}
              required={required.has(type)}
              documents={documents.documents.filter((d) => d.document_type === type)}
              state={states[type] ?? { phase: "idle" }}
              accept={acceptList(settings)}
              busy={busy}
              rowErrors={rowErrors}
              onFile={(file) => send(type, file)}
              onCancel={() => uploads.current.get(type)?.abort()}
              onRemove={(d) => void remove(d)}
              onDownload={(d) => void download(d)}
            />
          </li>
        ))}
      </ul>
      {general && (
        <p
          role="alert"
          className="rounded-md border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900"
          data-testid="documents-error"
        >
          {general}
        </p>
      )}
      {documents.step === "completed" && !general && (
        <p
          role="status"
          className="rounded-md bg-[var(--accent-soft)] p-3 font-semibold"
          data-testid="documents-completed"
        >
          {t("documents.completed")}
        </p>
      )}
      <div>
        <button
          type="button"
          onClick={() => void complete()}
          disabled={completing || uploading}
          className={`${ctaButtonClass} min-h-11`}
          data-testid="documents-done"
        >
          {completing ? t("documents.sending") : t("documents.done")}
        </button>
      </div>
    </div>
  );
}

function TypeRow(props: {
  t: DocumentsTranslate;
  language: Language;
  type: DocumentType;
  label: string;
  required: boolean;
  documents: DocumentWire[];
  state: TypeState;
  accept: string;
  busy: number | null;
  rowErrors: Record<number, string>;
  onFile(file: File): void;
  onCancel(): void;
  onRemove(document_: DocumentWire): void;
  onDownload(document_: DocumentWire): void;
}) {
  const { t, type, state } = props;
  const id = `document-${type}`;
  const status =
    state.phase === "uploading"
      ? t("documents.uploading", { name: state.name, percent: state.percent })
      : props.documents.length
        ? t("documents.uploaded_count", { count: props.documents.length })
        : t("documents.none");
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) props.onFile(file);
  };
  return (
    <section
      aria-labelledby={`${id}-name`}
      className="grid gap-2 rounded-xl border border-black/10 bg-white p-3"
      data-testid={id}
      data-status={state.phase === "idle" ? (props.documents.length ? "uploaded" : "none") : state.phase}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-name`} className="font-semibold">
          {props.label}
          {props.required && (
            <span className="ml-2 rounded-full bg-black/10 px-2 py-0.5 text-xs font-semibold">
              {t("documents.required")}
            </span>
          )}
        </h3>
        <p aria-live="polite" className="text-sm" data-testid={`${id}-status`}>
          {status}
        </p>
      </div>
      {props.documents.length > 0 && (
        <ul className="grid gap-2" aria-label={t("documents.files_of", { type: props.label })}>
          {props.documents.map((d) => (
            <li
              key={d.id}
              className="flex flex-wrap items-center gap-2 rounded-md bg-black/5 px-3 py-2 text-sm"
              data-testid="document-file"
              data-status={d.status}
            >
              <span className="min-w-0 flex-1 break-all">
                <span className="font-semibold" data-testid="document-file-name">
                  {d.name}
                </span>{" "}
                <span className="opacity-80">
                  · {sizeLabel(d.size, props.language)} · {t("documents.state.uploaded")}
                </span>
              </span>
              <button
                type="button"
                onClick={() => props.onDownload(d)}
                className="min-h-11 px-2 font-semibold underline underline-offset-2"
                data-testid="document-download"
              >
                {t("documents.download")}
                <span className="sr-only">{`: ${d.name}`}</span>
              </button>
              <button
                type="button"
                onClick={() => props.onRemove(d)}
                disabled={props.busy === d.id}
                className="min-h-11 px-2 font-semibold text-red-800 underline underline-offset-2"
                data-testid="document-delete"
              >
                {props.busy === d.id ? t("documents.deleting") : t("documents.delete")}
                <span className="sr-only">{`: ${d.name}`}</span>
              </button>
              {props.rowErrors[d.id] && (
                <p role="alert" className="w-full text-red-800">
                  {props.rowErrors[d.id]}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {state.phase === "uploading" && (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={t("documents.progress_label", { type: props.label })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.percent}
            className="h-2 flex-1 overflow-hidden rounded-full bg-black/10"
            data-testid={`${id}-progress`}
          >
            <div className="h-full bg-[var(--accent)] transition-[width]" style={{ width: `${state.percent}%` }} />
          </div>
          <button type="button" onClick={props.onCancel} className={`${secondaryButtonClass} text-sm`}>
            {t("documents.cancel")}
          </button>
        </div>
      )}
      {state.phase === "error" && (
        <p role="alert" id={`${id}-error`} className="text-sm font-medium text-red-800" data-testid={`${id}-error`}>
          {state.message}
        </p>
      )}
      {state.phase !== "uploading" && (
        <span>
          <input
            id={`${id}-file`}
            type="file"
            accept={props.accept}
            onChange={pick}
            aria-describedby={state.phase === "error" ? `${id}-error` : undefined}
            className="peer sr-only"
            data-testid={`${id}-file`}
          />
          <label
            htmlFor={`${id}-file`}
            className={`${secondaryButtonClass} cursor-pointer text-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[var(--accent)]`}
          >
            {props.documents.length ? t("documents.add_another") : t("documents.choose")}
            <span className="sr-only">{`: ${props.label}`}</span>
          </label>
        </span>
      )}
    </section>
  );
}
