import { DOCUMENT_TYPE_LABELS, formatDate, languageOf, type DocumentWire, type OrderDocuments } from "@showroom/domain";
import { useState } from "react";
import { useShell } from "../../lib/shell-context.tsx";
import { sizeLabel } from "./document-checks.ts";
import { downloadDocument } from "./documents-api.ts";
import { useDocumentsI18n } from "./i18n.ts";

/**
 * The workspace's view of a deal's documents (inside the deal's card): each file with its kind, size and date, a
 * download (fetched with the staff session, saved under its name), and the required documents still missing.
 */
export function StaffDealDocuments(props: { documents: OrderDocuments | null; download?: typeof downloadDocument }) {
  const { t, locale } = useDocumentsI18n();
  const language = languageOf(locale);
  const { dealer } = useShell();
  const [failed, setFailed] = useState<number | null>(null);
  const { documents } = props;
  const labels = (types: readonly DocumentWire["document_type"][]) =>
    types.map((type) => DOCUMENT_TYPE_LABELS[type][language]).join(", ");

  async function download(document_: DocumentWire) {
    setFailed(null);
    try {
      await (props.download ?? downloadDocument)(document_, dealer.code);
    } catch {
      setFailed(document_.id);
    }
  }

  return (
    <section
      className="border-t border-black/10 pt-3"
      data-testid="workspace-deal-documents"
      data-step={documents?.step}
    >
      <h4 className="mb-1 font-semibold">{t("staff_documents.heading")}</h4>
      {!documents ? (
        <p className="text-sm">{t("staff_documents.failed")}</p>
      ) : (
        <>
          {documents.documents.length === 0 ? (
            <p className="text-sm" data-testid="workspace-no-documents">
              {t("staff_documents.none")}
            </p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {documents.documents.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-x-2" data-testid="workspace-document">
                  <span className="min-w-0 flex-1 break-all">
                    <span className="font-semibold" data-testid="workspace-document-name">
                      {d.name}
                    </span>{" "}
                    <span className="opacity-80">
                      · {DOCUMENT_TYPE_LABELS[d.document_type][language]} · {sizeLabel(d.size, language)} ·{" "}
                      {t("staff_documents.uploaded_on", { date: formatDate(d.created, locale) })}
                    </span>
                  </span>
                  <button
                    type="button"
                    onClick={() => void download(d)}
                    className="min-h-11 px-2 font-semibold underline underline-offset-2"
                    data-testid="workspace-document-download"
                  >
                    {t("documents.download")}
                    <span className="sr-only">{`: ${d.name}`}</span>
                  </button>
                  {failed === d.id && (
                    <p role="alert" className="w-full text-red-800">
                      {t("documents.error.download_failed")}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
          {documents.missing_documents.length > 0 ? (
            <p className="mt-1 text-sm" data-testid="workspace-documents-missing">
              {t("staff_documents.missing", { documents: labels(documents.missing_documents) })}
            </p>
          ) : (
            documents.step === "completed" && <p className="mt-1 text-sm">{t("staff_documents.completed")}</p>
          )}
        </>
      )}
    </section>
  );
}
