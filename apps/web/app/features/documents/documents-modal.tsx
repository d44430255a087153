import { languageOf, type DocumentSettingsWire, type OrderDocuments } from "@showroom/domain";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useShell } from "../../lib/shell-context.tsx";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { secondaryButtonClass } from "../../ui/styles.ts";
import { createDocumentsApi } from "./documents-api.ts";
import { DocumentsEditor } from "./documents-editor.tsx";
import { useDocumentsI18n } from "./i18n.ts";

type Loaded =
  | { phase: "loading" }
  | { phase: "failed" }
  | { phase: "ready"; settings: DocumentSettingsWire; documents: OrderDocuments };

/**
 * The file upload modal (spec 2.4 "file upload", anchor #file-upload): the dealership's document settings and the
 * deal's documents, read when it opens, then the editor. The page's deal is read again once it closes, when
 * something changed.
 */
export function DocumentsModal(props: { orderId: number; onChanged(): void; onClose(): void }) {
  const { t, locale } = useDocumentsI18n();
  const { dealer, quietApi, sessionExpired } = useShell();
  const api = useMemo(() => createDocumentsApi(quietApi), [quietApi]);
  const [loaded, setLoaded] = useState<Loaded>({ phase: "loading" });
  const changed = useRef(false);

  const load = useCallback(() => {
    setLoaded({ phase: "loading" });
    Promise.all([api.settings(), api.list(props.orderId)]).then(
      ([settings, documents]) => setLoaded({ phase: "ready", settings, documents }),
      () => setLoaded({ phase: "failed" }),
    );
  }, [api, props.orderId]);
  useEffect(load, [load]);

  const update = (documents: OrderDocuments) => {
    changed.current = true;
    setLoaded((state) => (state.phase === "ready" ? { ...state, documents } : state));
  };
  const close = () => {
    if (changed.current) props.onChanged();
    props.onClose();
  };

  return (
    <ModalFrame title={t("documents.title")} closeLabel={t("common.close")} onClose={close}>
      <div data-testid="file-upload-modal">
        {loaded.phase === "loading" ? (
          <p role="status" className="py-6">
            {t("documents.loading")}
          </p>
        ) : loaded.phase === "failed" ? (
          <div className="grid gap-3">
            <p role="alert">{t("documents.load_failed")}</p>
            <button type="button" onClick={load} className={secondaryButtonClass}>
              {t("documents.retry")}
            </button>
          </div>
        ) : !loaded.settings.enabled ? (
          <p>{t("documents.disabled")}</p>
        ) : (
          <DocumentsEditor
            t={t}
            language={languageOf(locale)}
            api={api}
            dealerCode={dealer.code}
            orderId={props.orderId}
            settings={loaded.settings}
            documents={loaded.documents}
            onDocuments={update}
            onCompleted={update}
            onSessionExpired={(kind) => void sessionExpired(kind)}
          />
        )}
      </div>
    </ModalFrame>
  );
}
