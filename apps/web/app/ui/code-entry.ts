import { VERIFICATION_CODE_LENGTH } from "@showroom/domain";
import { useEffect, useState } from "react";

/** A new code may be asked for this long after the last one was sent. */
export const RESEND_DELAY_SECONDS = 30;

/** Seconds left before "resend" is offered, ticking once a second from each send. */
export function useCountdown(seconds: number): [number, () => void] {
  const [left, setLeft] = useState(seconds);
  const [round, setRound] = useState(0);
  useEffect(() => {
    setLeft(seconds);
    const started = Date.now();
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [seconds, round]);
  return [left, () => setRound((r) => r + 1)];
}

/** Keeps what a person may type or paste into a 6-digit code field: digits, at most six. */
export const codeDigits = (value: string) => value.replace(/\D/g, "").slice(0, VERIFICATION_CODE_LENGTH);
