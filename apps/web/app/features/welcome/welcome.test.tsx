// @vitest-environment happy-dom
import { WAS_VISITED_KEY } from "@showroom/domain";
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveConsent, COOKIE_CONSENT_KEY } from "../../lib/consent.ts";
import { useWelcomeOnce } from "./use-welcome.ts";

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function Page(props: { enabled?: boolean; route?: string; signInEntry?: boolean; banner?: boolean; open(): void }) {
  useWelcomeOnce({
    enabled: props.enabled ?? true,
    route: props.route ?? "search",
    signInEntry: props.signInEntry ?? false,
    consentAsked: () => props.banner ?? false,
    open: props.open,
  });
  return null;
}

describe("the welcome modal, once per browser", () => {
  it("opens on the first visit and keeps the was-visited flag '1', so the next visit does not", () => {
    const open = vi.fn();
    render(<Page open={open} />);
    expect(open).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(WAS_VISITED_KEY)).toBe("1");
    cleanup();
    render(<Page open={open} />);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("never opens when the dealership does not enable it, on the privacy policy, or with a sign-in link", () => {
    const open = vi.fn();
    render(<Page enabled={false} open={open} />);
    render(<Page route="privacy-policy" open={open} />);
    render(<Page signInEntry open={open} />);
    expect(open).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(WAS_VISITED_KEY)).toBeNull();
  });

  it("waits for the cookie choice while the banner asks it, then opens", () => {
    const open = vi.fn();
    render(<Page banner open={open} />);
    expect(open).not.toHaveBeenCalled();
    act(() => saveConsent({ necessary: true, performance: false, targeting: false }));
    expect(open).toHaveBeenCalledTimes(1);
    act(() => saveConsent({ necessary: true, performance: true, targeting: true }));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("opens at once when the choice was made on an earlier visit", () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify({ necessary: true, performance: false, targeting: false }));
    const open = vi.fn();
    render(<Page banner open={open} />);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
