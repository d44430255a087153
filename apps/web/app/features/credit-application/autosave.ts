import {
  CREDIT_AUTOSAVE_DELAY_MS,
  type CreditAnswerScreen,
  type CreditApplicationWire,
  type CreditScreen,
} from "@showroom/domain";
import type { DraftSave } from "./credit-api.ts";
import type { DraftValue } from "./form-model.ts";

export type SaveStatus = "idle" | "saving" | "saved" | "error";
type ScreenPayload = Record<string, DraftValue>;

/**
 * The application's auto-save. A screen sent replaces the one kept (the API's PUT), so each screen changed is sent
 * whole, once typing has paused (CREDIT_AUTOSAVE_DELAY_MS) or at once when the shopper leaves a screen (with where
 * they are now). One save runs at a time; what changes meanwhile goes with the next. A failed save keeps its screens
 * to send: the next change (or the next screen) sends them again, and nothing typed is ever dropped from the form.
 */
export function createAutosave(options: {
  save(body: DraftSave): Promise<CreditApplicationWire>;
  /** A screen's answers as the API keeps them (the SIN only when it passes its checksum). */
  payloadOf(screen: CreditAnswerScreen): ScreenPayload;
  onStatus(status: SaveStatus): void;
  onSaved(application: CreditApplicationWire): void;
  onFailed(error: unknown): void;
  delayMs?: number;
}) {
  const dirty = new Set<CreditAnswerScreen>();
  /** Values sent with their screen until a save takes them (a SIN removed: ""). */
  const forced = new Map<CreditAnswerScreen, ScreenPayload>();
  let screen: CreditScreen | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<boolean> = Promise.resolve(true);
  let stopped = false;

  // A value typed since (a new SIN) wins over a forced one.
  const payload = (at: CreditAnswerScreen) => ({ ...forced.get(at), ...options.payloadOf(at) });

  async function send(): Promise<boolean> {
    const screens: DraftSave["screens"] = {};
    for (const at of new Set([...dirty, ...forced.keys()])) screens[at] = payload(at);
    const current = screen;
    const sent = Object.entries(screens) as [CreditAnswerScreen, ScreenPayload][];
    if (sent.length === 0 && current === undefined) return true;
    const sentForced = new Map(forced);
    options.onStatus("saving");
    try {
      const saved = await options.save({ screens, ...(current ? { current_screen: current } : {}) });
      // A screen changed again while its save ran stays to send.
      for (const [at, values] of sent) {
        if (forced.get(at) === sentForced.get(at)) forced.delete(at);
        if (JSON.stringify(payload(at)) === JSON.stringify(values)) dirty.delete(at);
      }
      if (screen === current) screen = undefined;
      options.onSaved(saved);
      options.onStatus("saved");
      return true;
    } catch (error) {
      options.onStatus("error");
      options.onFailed(error);
      return false;
    }
  }

  /** Sends what is waiting now (after the save that runs, if one does): true once it is all saved. */
  function flush(currentScreen?: CreditScreen): Promise<boolean> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (currentScreen) screen = currentScreen;
    chain = chain.then(send);
    return chain;
  }

  return {
    /** A screen's answers changed: it goes once typing pauses. */
    changed(at: CreditAnswerScreen) {
      dirty.add(at);
      if (timer !== undefined) clearTimeout(timer);
      if (!stopped) timer = setTimeout(() => void flush(), options.delayMs ?? CREDIT_AUTOSAVE_DELAY_MS);
    },
    flush,
    /** Values sent as they are with their screen's next save, e.g. a SIN removed with "". */
    force(at: CreditAnswerScreen, values: ScreenPayload) {
      forced.set(at, { ...forced.get(at), ...values });
    },
    /** Whether something typed has not been saved yet. */
    pending: () => dirty.size > 0 || forced.size > 0,
    /** The page is going: no more timed saves (a last flush may still run). */
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
export type Autosave = ReturnType<typeof createAutosave>;
