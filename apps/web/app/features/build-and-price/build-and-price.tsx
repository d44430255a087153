import { canEditAfterDeposit } from "@showroom/domain";
import { Suspense } from "react";
import { secondaryButtonClass } from "../../ui/styles.ts";
import { BuildDialogs } from "./build-dialogs.tsx";
import { BuildRecap, PhoneTotalBar } from "./build-recap.tsx";
import { StepContent, StepNav } from "./build-steps.tsx";
import { useBuildI18n } from "./i18n.ts";
import { PostDepositBar } from "./lazy-modals.ts";
import { useBuildPage, type BuildAndPriceProps } from "./use-build-page.ts";

export type { TrimChoice } from "./use-build-page.ts";

/**
 * The build-and-price screens (spec 2.6 and 4): the steps that have options, then the summary. Each step
 * has its address, so Back and a reload keep the shopper where they were.
 */
export function BuildAndPrice(props: BuildAndPriceProps) {
  const { t, locale } = useBuildI18n();
  const page = useBuildPage(props);
  const { model, flags, edit } = page;
  const image = model.images[0];
  return (
    <div className="mx-auto max-w-7xl px-4 pb-20 pt-6 laptop-up:pb-6">
      <p className="text-sm font-semibold uppercase">{t("build.heading")}</p>
      <h1 className="text-2xl font-bold laptop-up:text-3xl" data-testid="build-title">
        {props.title}
      </h1>
      <StepNav page={page} />

      {props.notice && (
        <p
          role="status"
          className="mt-4 rounded-lg border-2 border-amber-600 bg-amber-50 p-3"
          data-testid="build-notice"
        >
          {t(props.notice)}
        </p>
      )}
      {model.error && (
        <div
          role="alert"
          className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-900"
          data-testid="build-error"
        >
          <p className="font-semibold">{t(model.error)}</p>
          {model.status === "locked" && (
            <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => void page.retry()}>
              {t("build.retry")}
            </button>
          )}
        </div>
      )}

      {model.buildState && (props.depositPlaced || flags.isLocked) && (
        <Suspense fallback={null}>
          <PostDepositBar
            viewer={!props.staffEditor ? "customer" : flags.postDepositEditEnabled ? "staff" : "staff_disabled"}
            editing={canEditAfterDeposit(flags)}
            busy={model.busy}
            onEdit={edit.enter}
            onReview={page.reviewEdit}
            onDiscard={() => (page.unsaved ? page.setConfirming("discard") : void edit.discard())}
          />
        </Suspense>
      )}

      <div className="mt-6 grid gap-6 laptop-up:grid-cols-[3fr_2fr] laptop-up:grid-rows-[auto_1fr]">
        {/* The picture comes first on a phone, above the choices; on a screen it heads the recap column. */}
        {image && (
          <img
            src={image.src}
            alt={locale === "fr-ca" ? image.alt_fr : image.alt_en}
            // The page's largest paint, in the server's HTML: fetched first, not after the scripts start the build.
            fetchPriority="high"
            className="max-h-56 w-full rounded-xl bg-black/[0.03] object-contain laptop-up:col-start-2 laptop-up:row-start-1 laptop-up:max-h-none"
            width={640}
            height={360}
            data-testid="build-image"
          />
        )}
        <StepContent
          page={page}
          trimChoices={props.trimChoices}
          format={props.format}
          stepHref={props.stepHref}
          summary={props.summary}
          addOnStep={props.addOnStep}
        />
        <BuildRecap page={page} format={props.format} />
      </div>

      <PhoneTotalBar page={page} format={props.format} />
      <BuildDialogs page={page} format={props.format} />
    </div>
  );
}
