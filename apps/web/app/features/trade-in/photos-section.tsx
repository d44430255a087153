import { TRADE_IN_PHOTO_ANGLES, type TradeInImages, type TradeInPhotoAngle } from "@showroom/domain";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { secondaryButtonClass } from "../../ui/styles.ts";
import type { TradeInTranslate } from "./i18n.ts";
import { TradeInPhoto } from "./photo-image.tsx";
import { uploadPhoto, type ImagesState, type PhotoUpload } from "./trade-in-api.ts";

/** How often check_images is asked while a photo is being processed. */
export const CHECK_IMAGES_INTERVAL_MS = 1500;
const ACCEPTED_TYPES = ["image/jpeg", "image/png"];

type AngleState =
  | { phase: "idle" }
  | { phase: "uploading"; percent: number }
  | { phase: "removing" }
  | { phase: "error"; message: string };

/** Photos the server holds (processed or being processed). */
export const photoCount = (images: TradeInImages | null | undefined): number =>
  images ? TRADE_IN_PHOTO_ANGLES.filter((angle) => images[angle] && images[angle]!.status !== "error").length : 0;

/** A message of a refused upload: the one at the file or the angle, else the general one, else the catalogue's. */
export function uploadRefusal(error: unknown, fallback: string, tooLarge: string): string {
  const failure = httpFailure(error);
  if (failure?.status === 413) return tooLarge;
  const read = errorMessages(failure?.body);
  return read.fields["file"] ?? read.fields["angle"] ?? read.fields["remove"] ?? read.general[0] ?? fallback;
}

/**
 * The seven angles: each a file input (a phone offers its camera), the upload's progress, the server's verdict at the
 * angle, the thumbnail once check_images says the photo is processed, and its removal.
 */
export function PhotosSection(props: {
  t: TradeInTranslate;
  tradeId: number;
  dealerCode: string;
  images: TradeInImages;
  onImages(images: TradeInImages): void;
  maxBytes: number;
  checkImages(id: number): Promise<ImagesState>;
  removePhoto(id: number, angle: TradeInPhotoAngle): Promise<ImagesState>;
  photoUrl(id: number, angle: TradeInPhotoAngle): string;
  onSessionExpired(userKind: "dealer" | "customer" | null): void;
  /** Sends the shopper a link to take the photos with their phone (request_mobile_view); absent: not offered. */
  onMobileView?: () => Promise<string>;
  /** Replaces XMLHttpRequest in tests. */
  upload?: typeof uploadPhoto;
}) {
  const { t, images } = props;
  const [states, setStates] = useState<Partial<Record<TradeInPhotoAngle, AngleState>>>({});
  const uploads = useRef(new Map<TradeInPhotoAngle, PhotoUpload>());
  const [mobile, setMobile] = useState<{ phase: "idle" | "sending" } | { phase: "sent" | "failed"; message: string }>({
    phase: "idle",
  });
  const megabytes = Math.floor(props.maxBytes / (1024 * 1024));
  const tooLarge = t("tradein.photos.too_large", { size: megabytes });
  const setState = (angle: TradeInPhotoAngle, state: AngleState) => setStates((all) => ({ ...all, [angle]: state }));

  const processing = TRADE_IN_PHOTO_ANGLES.some((angle) => images[angle]?.status === "processing");
  const onImages = useRef(props.onImages);
  onImages.current = props.onImages;
  const check = useRef(props.checkImages);
  check.current = props.checkImages;
  useEffect(() => {
    if (!processing) return;
    let live = true;
    const timer = window.setTimeout(() => {
      check.current(props.tradeId).then(
        (answer) => live && onImages.current(answer.images),
        // A failed check is asked again at the next tick: the images stay as they were.
        () => live && onImages.current({ ...images }),
      );
    }, CHECK_IMAGES_INTERVAL_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [processing, images, props.tradeId]);

  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((upload) => upload.abort());
  }, []);

  function send(angle: TradeInPhotoAngle, file: File) {
    if (!ACCEPTED_TYPES.includes(file.type))
      return setState(angle, { phase: "error", message: t("tradein.photos.not_image") });
    if (file.size > props.maxBytes) return setState(angle, { phase: "error", message: tooLarge });
    setState(angle, { phase: "uploading", percent: 0 });
    const upload = (props.upload ?? uploadPhoto)({
      dealerCode: props.dealerCode,
      id: props.tradeId,
      angle,
      file,
      onProgress: (sent, total) =>
        setState(angle, {
          phase: "uploading",
          percent: total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0,
        }),
      onSessionExpired: props.onSessionExpired,
    });
    uploads.current.set(angle, upload);
    upload.done.then(
      (answer) => {
        uploads.current.delete(angle);
        setState(angle, { phase: "idle" });
        props.onImages(answer.images);
      },
      (error: unknown) => {
        uploads.current.delete(angle);
        if (error instanceof DOMException && error.name === "AbortError") return setState(angle, { phase: "idle" });
        setState(angle, { phase: "error", message: uploadRefusal(error, t("tradein.photos.upload_failed"), tooLarge) });
      },
    );
  }

  async function remove(angle: TradeInPhotoAngle) {
    setState(angle, { phase: "removing" });
    try {
      const answer = await props.removePhoto(props.tradeId, angle);
      setState(angle, { phase: "idle" });
      props.onImages(answer.images);
    } catch (error) {
      setState(angle, { phase: "error", message: uploadRefusal(error, t("tradein.photos.delete_failed"), tooLarge) });
    }
  }

  async function requestMobile() {
    if (!props.onMobileView) return;
    setMobile({ phase: "sending" });
    try {
      setMobile({ phase: "sent", message: await props.onMobileView() });
    } catch (error) {
      setMobile({ phase: "failed", message: uploadRefusal(error, t("tradein.photos.mobile_failed"), tooLarge) });
    }
  }

  return (
    <div className="grid gap-4" data-testid="tradein-photos">
      <p>{t("tradein.photos.intro", { size: megabytes })}</p>
      {props.onMobileView && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-[var(--accent-soft)] p-3 text-sm max-mobile:hidden">
          <span>{t("tradein.photos.mobile_intro")}</span>
          <button
            type="button"
            onClick={() => void requestMobile()}
            disabled={mobile.phase === "sending"}
            className={secondaryButtonClass}
            data-testid="tradein-mobile-view"
          >
            {mobile.phase === "sending" ? t("tradein.photos.mobile_sending") : t("tradein.photos.mobile_button")}
          </button>
          <span
            aria-live="polite"
            data-testid="tradein-mobile-status"
            className={mobile.phase === "failed" ? "text-red-800" : ""}
          >
            {"message" in mobile ? mobile.message : ""}
          </span>
        </div>
      )}
      <ul className="grid grid-cols-1 gap-4 tablet-up:grid-cols-2 laptop-up:grid-cols-3">
        {TRADE_IN_PHOTO_ANGLES.map((angle) => (
          <li key={angle}>
            <AngleCard
              t={t}
              angle={angle}
              photo={images[angle]}
              state={states[angle] ?? { phase: "idle" }}
              url={
                images[angle]?.status === "uploaded"
                  ? (images[angle]?.url ?? props.photoUrl(props.tradeId, angle))
                  : null
              }
              dealerCode={props.dealerCode}
              onFile={(file) => send(angle, file)}
              onRemove={() => void remove(angle)}
              onCancel={() => uploads.current.get(angle)?.abort()}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function AngleCard(props: {
  t: TradeInTranslate;
  angle: TradeInPhotoAngle;
  photo: TradeInImages[TradeInPhotoAngle];
  state: AngleState;
  /** The processed photo's address (null until check_images says it is uploaded). */
  url: string | null;
  dealerCode: string;
  onFile(file: File): void;
  onRemove(): void;
  onCancel(): void;
}) {
  const { t, angle, photo, state } = props;
  const id = `tradein-photo-${angle}`;
  const name = t(`tradein.photos.angle.${angle}`);
  const uploading = state.phase === "uploading";
  const status =
    state.phase === "uploading"
      ? t("tradein.photos.uploading", { percent: state.percent })
      : state.phase === "removing"
        ? t("tradein.photos.removing")
        : photo?.status === "processing"
          ? t("tradein.photos.processing")
          : photo?.status === "uploaded"
            ? t("tradein.photos.uploaded")
            : photo?.status === "error"
              ? t("tradein.photos.unreadable")
              : t("tradein.photos.none");
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) props.onFile(file);
  };
  const labelClass = `${secondaryButtonClass} cursor-pointer text-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[var(--accent)]`;
  return (
    <section
      aria-labelledby={`${id}-name`}
      className="flex h-full gap-3 rounded-xl border border-black/10 bg-white p-3 tablet-up:flex-col"
      data-testid={id}
      data-status={photo?.status ?? "none"}
    >
      {/* A phone lists the angles as rows (a small picture beside the words); wider screens as cards. */}
      <div className="grid aspect-[4/3] w-28 shrink-0 place-items-center self-start overflow-hidden rounded-lg bg-black/5 tablet-up:w-full">
        {props.url ? (
          <TradeInPhoto
            url={props.url}
            dealerCode={props.dealerCode}
            alt={t("tradein.photos.thumbnail_alt", { angle: name })}
            className="h-full w-full object-cover"
            testId={`${id}-thumbnail`}
          />
        ) : (
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="h-8 w-8 opacity-40"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
            <circle cx="12" cy="13" r="3.5" />
          </svg>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 id={`${id}-name`} className="font-semibold">
          {name}
        </h3>
        <p className="text-xs opacity-80">{t(`tradein.photos.tip.${angle}`)}</p>
        <p aria-live="polite" className="text-sm" data-testid={`${id}-status`}>
          {status}
        </p>
        {uploading && (
          <div
            role="progressbar"
            aria-label={t("tradein.photos.progress_label", { angle: name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.percent}
            className="h-2 overflow-hidden rounded-full bg-black/10"
          >
            <div className="h-full bg-[var(--accent)]" style={{ width: `${state.percent}%` }} />
          </div>
        )}
        {state.phase === "error" && (
          <p role="alert" id={`${id}-error`} className="text-sm font-medium text-red-800" data-testid={`${id}-error`}>
            {state.message}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2">
          {uploading ? (
            <button type="button" onClick={props.onCancel} className={`${secondaryButtonClass} text-sm`}>
              {t("tradein.photos.cancel")}
            </button>
          ) : (
            <>
              <span>
                <input
                  id={`${id}-file`}
                  type="file"
                  accept="image/jpeg,image/png"
                  onChange={pick}
                  aria-describedby={state.phase === "error" ? `${id}-error` : undefined}
                  className="peer sr-only"
                  data-testid={`${id}-file`}
                />
                <label htmlFor={`${id}-file`} className={labelClass}>
                  {photo ? t("tradein.photos.replace") : t("tradein.photos.choose")}
                  <span className="sr-only">{`: ${name}`}</span>
                </label>
              </span>
              <span className="hidden pointer-coarse:inline">
                <input
                  id={`${id}-camera`}
                  type="file"
                  accept="image/jpeg,image/png"
                  capture="environment"
                  onChange={pick}
                  className="peer sr-only"
                />
                <label htmlFor={`${id}-camera`} className={labelClass}>
                  {t("tradein.photos.take")}
                  <span className="sr-only">{`: ${name}`}</span>
                </label>
              </span>
              {photo && (
                <button
                  type="button"
                  onClick={props.onRemove}
                  disabled={state.phase === "removing"}
                  className={`${secondaryButtonClass} text-sm`}
                  data-testid={`${id}-remove`}
                >
                  {t("tradein.photos.remove")}
                  <span className="sr-only">{`: ${name}`}</span>
                </button>
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
