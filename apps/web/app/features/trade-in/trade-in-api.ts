import type {
  TradeInImages,
  TradeInPhotoAngle,
  TradeInQuestionWire,
  TradeInSettingsWire,
  TradeInVehicleInformation,
  TradeInWire,
} from "@showroom/domain";
import type { ApiClient } from "../../lib/api-client.ts";
import { uploadWithProgress, type Upload } from "../../lib/upload.ts";

const BASE = "/api/trade-in";
const STAFF = "/api/quickshop/trade-ins";

/** The next level of the catalogue's year → make → model → trim → style cascade. */
export type CatalogueLevel = { level: "year" | "make" | "model" | "trim" | "style"; values: string[] };
/** check_images and a photo removal: each angle's state, and whether every sent photo is processed. */
export type ImagesState = { images: TradeInImages; processed: boolean };
export type CatalogueQuery = { year?: number | string; make?: string; model?: string; trim?: string };

/** What a submission sends besides the answers already saved: the page it came from and the shopper's consent. */
export type SubmitBody = { page_url: string; accepted_terms: true; without_photos?: boolean };

/** How far an upload went: bytes sent of the total (the progress bar's value). */
export type UploadProgress = (sent: number, total: number) => void;

/** An upload in flight, which the shopper may cancel. */
export type PhotoUpload = Upload<ImagesState>;

export type StaffOfferInput = { dealer_offer: string; dealer_comments: string; valid_days?: number };

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
};

/** A photo goes up with its progress: `angle`, then `file`. */
export function uploadPhoto(options: {
  dealerCode: string;
  id: number;
  angle: TradeInPhotoAngle;
  file: Blob & { name?: string };
  onProgress: UploadProgress;
  onSessionExpired?(userKind: "dealer" | "customer" | null): void;
  xhr?: () => XMLHttpRequest;
  cookies?: () => string;
}): PhotoUpload {
  const { id, angle, ...rest } = options;
  return uploadWithProgress({
    ...rest,
    method: "PATCH",
    url: `${BASE}/${id}/photos/`,
    fields: { angle },
    fallbackName: `${angle}.jpg`,
  });
}

/** The shopper's trade-in calls (transactional contract section 7, "Trade-in"), on the shell's quiet client. */
export function createTradeInApi(client: ApiClient) {
  return {
    settings: () => client.get<TradeInSettingsWire>(`${BASE}/settings/`),
    questions: () => client.get<TradeInQuestionWire[]>(`${BASE}/tradein-questions/`),
    catalogue: (at: CatalogueQuery) => client.get<CatalogueLevel>(`${BASE}/vehicle-catalogue/${query(at)}`),
    create: (order: number | null) => client.post<TradeInWire>(`${BASE}/`, order ? { order } : {}),
    list: (order: number) => client.get<TradeInWire[] | { results: TradeInWire[] }>(`${BASE}/${query({ order })}`),
    get: (id: number | string) => client.get<TradeInWire>(`${BASE}/${encodeURIComponent(String(id))}/`),
    saveVehicle: (id: number, body: TradeInVehicleInformation) =>
      client.request<TradeInWire>("PATCH", `${BASE}/${id}/submit_vehicle_information/`, body),
    saveVin: (id: number, vin: string) => client.request<TradeInWire>("PATCH", `${BASE}/${id}/submit_vin/`, { vin }),
    removePhotos: (id: number, angles: TradeInPhotoAngle[]) =>
      client.request<ImagesState>("PATCH", `${BASE}/${id}/photos/`, { remove: angles }),
    checkImages: (id: number) => client.get<ImagesState>(`${BASE}/${id}/check_images/?t=${Date.now()}`),
    photoUrl: (id: number, angle: TradeInPhotoAngle) => `${BASE}/${id}/photos/${angle}/`,
    /** The instant-cash-offer flow submits to its provider (submit_ico); every other flow to the dealership. */
    submit: (id: number, body: SubmitBody, ico: boolean) =>
      client.request<TradeInWire>("PUT", `${BASE}/${id}/${ico ? "submit_ico" : "submit_tradein"}/`, body),
    accept: (id: number, order: number | null) =>
      client.post<TradeInWire>(`${BASE}/${id}/accept_current_offer/`, { order }),
    decline: (id: number, comments: string, order: number | null) =>
      client.post<TradeInWire>(`${BASE}/${id}/decline_current_offer/`, { comments, order }),
    discard: (id: number) => client.post<TradeInWire>(`${BASE}/${id}/discard/`, { confirm: true }),
    editAfterSubmit: (id: number) => client.post<TradeInWire>(`${BASE}/${id}/prompt_post_submit_updates/`),
    /** Emails the shopper a link to continue on their phone. */
    requestMobileView: (id: number) => client.post<{ sent: true }>(`${BASE}/${id}/request_mobile_view/`),
  };
}
export type TradeInApi = ReturnType<typeof createTradeInApi>;

/** The dealership staff's trade-in calls (the dealer workspace). */
export function createStaffTradeInApi(client: ApiClient) {
  return {
    list: (customer: number) =>
      client.get<TradeInWire[] | { results: TradeInWire[] }>(`${STAFF}/${query({ customer })}`),
    get: (id: number) => client.get<TradeInWire>(`${STAFF}/${id}/`),
    offer: (id: number, body: StaffOfferInput) => client.post<TradeInWire>(`${STAFF}/${id}/offer/`, body),
  };
}
export type StaffTradeInApi = ReturnType<typeof createStaffTradeInApi>;

/** A list answer, paged ({results}) or plain. */
export const listOf = <T>(answer: T[] | { results: T[] }): T[] => (Array.isArray(answer) ? answer : answer.results);
