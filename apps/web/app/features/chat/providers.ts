import { CHAT_PROVIDER_ORIGINS, isChatProvider, type ChatProvider } from "@showroom/domain";

/**
 * The chat widget providers of spec 2.3: where each one's loader script comes from (always on the provider's one
 * origin, which the page's Content-Security-Policy allows for its dealership) and how it is set up before it loads
 * and opened once it has. The account is the dealership's customer_messaging_account_id.
 *
 * The paths and globals follow each vendor's embed snippet as this project knows it; they cannot be checked offline
 * (the browser tests serve a stand-in script on the provider's origin).
 */
type ChatWindow = Window & Record<string, unknown>;

type ProviderEntry = {
  /** The loader's address, on the provider's origin. */
  src(account: string): string;
  /** What the vendor's snippet sets before its script runs. */
  before(win: ChatWindow, account: string): void;
  /** Opens the conversation once the script is there (the vendor's own launcher shows otherwise). */
  open(win: ChatWindow): void;
};

const call = (target: unknown, method: string) => {
  const fn = (target as Record<string, unknown> | undefined)?.[method];
  if (typeof fn === "function") (fn as () => void).call(target);
};

const q = encodeURIComponent;

export const CHAT_PROVIDER_TABLE: Record<ChatProvider, ProviderEntry> = {
  CONTACT_AT_ONCE: {
    src: (account) => `${CHAT_PROVIDER_ORIGINS.CONTACT_AT_ONCE}/scripts/PopIn.js?MerchantId=${q(account)}`,
    before: (win, account) => void (win.caoMerchantId = account),
    open: (win) => call(win.CAO, "openChat"),
  },
  LIVEPERSON: {
    src: (account) => `${CHAT_PROVIDER_ORIGINS.LIVEPERSON}/lptag/api/account/${q(account)}/lptag.js`,
    before: (win, account) => void (win.lpTag = { site: account, section: ["showroom"] }),
    open: (win) => call(win.lpTag, "openChat"),
  },
  GUBAGOO: {
    src: (account) => `${CHAT_PROVIDER_ORIGINS.GUBAGOO}/toolbars/${q(account)}/loader.js`,
    before: (win, account) => void (win.gubagooConfig = { account }),
    open: (win) => call(win.Gubagoo, "openChat"),
  },
  RAPID_RTC: {
    src: (account) => `${CHAT_PROVIDER_ORIGINS.RAPID_RTC}/widget/rrtc.js?dealer=${q(account)}`,
    before: (win, account) => void (win.RapidRTCConfig = { dealerId: account }),
    open: (win) => call(win.RapidRTC, "open"),
  },
  SYNERGY: {
    src: (account) => `${CHAT_PROVIDER_ORIGINS.SYNERGY}/embed.js?dealer=${q(account)}`,
    before: (win, account) => void (win.synergyChat = { dealer: account }),
    open: (win) => call(win.SynergyChat, "open"),
  },
  VCUS: {
    src: (account) => `${CHAT_PROVIDER_ORIGINS.VCUS}/loader.js?site=${q(account)}`,
    before: (win, account) => void (win.vcusSettings = { site: account }),
    open: (win) => call(win.VCUS, "open"),
  },
};

/** The provider's entry; an unknown provider logs 'provider is not implemented' (spec 8) and has none. */
export function chatProviderFor(provider: string | null | undefined): ProviderEntry | null {
  if (!provider) return null;
  if (!isChatProvider(provider)) {
    console.error("provider is not implemented", provider);
    return null;
  }
  return CHAT_PROVIDER_TABLE[provider];
}

const loading = new Map<string, Promise<void>>();

/**
 * Loads the provider's script once per page (on demand: the shopper asked for the chat, and consent allows it), then
 * opens the conversation. Rejects when the script cannot load; a later call tries again.
 */
export function loadChat(provider: ChatProvider, account: string, win: Window = window): Promise<void> {
  const entry = CHAT_PROVIDER_TABLE[provider];
  const src = entry.src(account);
  let pending = loading.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      entry.before(win as ChatWindow, account);
      const script = win.document.createElement("script");
      script.src = src;
      script.async = true;
      script.dataset.chatProvider = provider;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`chat provider ${provider} did not load`));
      };
      win.document.head.appendChild(script);
    });
    loading.set(src, pending);
  }
  return pending.then(() => entry.open(win as ChatWindow));
}
