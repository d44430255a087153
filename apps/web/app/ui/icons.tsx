export function CarIcon(props: { className?: string }) {
  return (
    <svg viewBox="0 0 64 40" aria-hidden="true" className={props.className} fill="currentColor">
      <path d="M14 10c1.4-3.6 4.6-6 8.4-6h19.2c3.8 0 7 2.4 8.4 6l3.4 8.4c3.6.8 6.6 3.8 6.6 7.6v6c0 1.1-.9 2-2 2h-4.3a7 7 0 0 1-13.4 0H23.7a7 7 0 0 1-13.4 0H6c-1.1 0-2-.9-2-2v-6c0-3.8 3-6.8 6.6-7.6L14 10Zm5.6 8h25l-2.7-6.6c-.5-1.4-1.8-2.4-3.3-2.4H25.6c-1.5 0-2.8 1-3.3 2.4L19.6 18ZM17 36a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm30 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
    </svg>
  );
}

export function CloseIcon(props: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={props.className ?? "h-5 w-5"} fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
    </svg>
  );
}
