import { useId, useState } from "react";
import { useI18n } from "../../i18n/index.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass, fieldClass } from "../../ui/styles.ts";

/** Copies text to the clipboard; where the Clipboard API is missing, the selected field is copied instead. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    return document.execCommand?.("copy") ?? false;
  }
}

/** Shown to a new customer (spec 4): their personal link back to their deals, and a button to copy it. */
export function CopyLinkModal(props: { url: string; close(): void }) {
  const { t } = useI18n();
  const inputId = `${useId().replace(/:/g, "")}-link`;
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <ModalFrame title={t("copy_link.title")} closeLabel={t("common.close")} onClose={props.close} size="sm">
      <div className="grid gap-4" data-testid="copy-link-modal">
        <p>{t("copy_link.body")}</p>
        <div>
          <label htmlFor={inputId} className="font-semibold">
            {t("copy_link.label")}
          </label>
          <input
            id={inputId}
            readOnly
            value={props.url}
            onFocus={(event) => event.currentTarget.select()}
            className={`${fieldClass} font-mono text-sm`}
            data-testid="copy-link-url"
          />
        </div>
        <p role="status" aria-live="polite" className="text-sm font-semibold" data-testid="copy-link-status">
          {status === "copied" ? t("copy_link.copied") : status === "failed" ? t("copy_link.failed") : ""}
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            className="min-h-11 rounded-md border border-black/20 px-4 font-semibold hover:bg-black/5"
            onClick={() => void copyText(props.url, document.getElementById(inputId) as HTMLInputElement | null).then((ok) => setStatus(ok ? "copied" : "failed"))}
            data-testid="copy-link-button"
          >
            {t("copy_link.copy")}
          </button>
          <button type="button" className={`${ctaButtonClass} min-h-11`} onClick={props.close} data-testid="copy-link-done">
            {t("copy_link.done")}
          </button>
        </div>
      </div>
    </ModalFrame>
  );
}
