import type { DocumentType, OrderDocuments } from "@showroom/domain";
import { useI18n } from "../../i18n/index.ts";
import { secondaryButtonClass } from "../../ui/styles.ts";

/**
 * The deal panel's documents card: the deal's uploaded documents and the required ones still missing, and the way
 * to the upload editor. Its words are the storefront's (the editor's load with the editor).
 */
export function DocumentsCard(props: {
  /** The deal's documents as the page read them (null: no saved deal, or not read). */
  documents: OrderDocuments | null;
  onOpen(): void;
  onIntent?(): void;
}) {
  const { t } = useI18n();
  const label = (type: DocumentType) => t(`documents_card.type.${type}`);
  const { documents } = props;
  const files = documents?.documents ?? [];
  const missing = documents?.missing_documents ?? [];
  return (
    <section
      aria-labelledby="documents-card-heading"
      className="rounded-xl border border-black/10 bg-white p-4"
      data-testid="documents-card"
      data-step={documents?.step ?? "initial"}
    >
      <h2 id="documents-card-heading" className="text-lg font-semibold">
        {t("documents_card.heading")}
      </h2>
      {files.length === 0 && <p className="mt-1 text-sm opacity-80">{t("documents_card.intro")}</p>}
      {files.length > 0 && (
        <ul className="mt-2 grid gap-1 text-sm" data-testid="documents-card-files">
          {files.map((file) => (
            <li key={file.id} className="flex gap-2">
              <svg
                viewBox="0 0 16 16"
                aria-hidden="true"
                className="mt-0.5 h-4 w-4 shrink-0 opacity-70"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
              >
                <path d="M4 1.5h5.5L12.5 4.5v10h-8.5z M9.5 1.5v3h3" strokeLinejoin="round" />
              </svg>
              <span className="min-w-0 break-all">
                <span className="font-semibold">{file.name}</span>
                <span className="opacity-80"> · {label(file.document_type)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {documents?.step === "completed" ? (
        <p className="mt-2 text-sm font-semibold" data-testid="documents-card-state">
          {t("documents_card.completed")}
        </p>
      ) : (
        missing.length > 0 &&
        files.length > 0 && (
          <p className="mt-2 text-sm" data-testid="documents-card-state">
            {t("documents_card.missing", { documents: missing.map(label).join(", ") })}
          </p>
        )
      )}
      <button
        type="button"
        onClick={props.onOpen}
        onPointerEnter={props.onIntent}
        onFocus={props.onIntent}
        className={`${secondaryButtonClass} mt-3 w-full`}
        data-testid="documents-card-open"
      >
        {files.length ? t("documents_card.manage") : t("documents_card.upload")}
      </button>
    </section>
  );
}
