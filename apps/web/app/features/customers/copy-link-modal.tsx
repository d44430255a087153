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

/** Shown to a new customer (spec 4): their personal link back to their deals, and a button to copy it. Staff who added the customer read it in their own words. */
export function CopyLinkModal(props: { url: string; forStaff?: boolean; close(): void }) {
  const { t } = useI18n();
  const words = props.forStaff
    ? { title: t("copy_link.staff_title"), body: t("copy_link.staff_body"), label: t("copy_link.staff_label") }
    : { title: t("copy_link.title"), body: t("copy_link.body"), label: t("copy_link.label") };
  const inputId = `${useId().replace(/:/g, "")}-link`;
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <ModalFrame title={words.title} closeLabel={t("common.close")} onClose={props.close} size="sm">
      <div className="grid gap-4" data-testid="copy-link-modal">
        <p>{words.body}</p>
        <div>
          <label htmlFor={inputId} className="font-semibold">
            {words.label}
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
