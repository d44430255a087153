import { useEffect, useState } from "react";

/**
 * A trade-in photo is private (the shopper's and the dealership staff's who see them): the API reads it with the
 * tenant header and the session, which an <img> cannot send. It is fetched as any other call and shown from a
 * local object URL, released when the photo changes or leaves the page.
 */
export function usePhotoBlob(url: string | null, dealerCode: string): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!url) return setState({ src: null, failed: false });
    let live = true;
    let objectUrl: string | null = null;
    setState({ src: null, failed: false });
    fetch(url, { credentials: "same-origin", headers: { "x-dealer-code": dealerCode, accept: "image/*" } })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      })
      .catch(() => live && setState({ src: null, failed: true }));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, dealerCode]);
  return state;
}

/** The photo, or a quiet placeholder while it loads (or when it cannot be read). */
export function TradeInPhoto(props: {
  url: string | null;
  dealerCode: string;
  alt: string;
  className: string;
  testId?: string;
  link?: { label: string };
}) {
  const { src } = usePhotoBlob(props.url, props.dealerCode);
  if (!src) return <span aria-hidden="true" className={`block bg-black/10 ${props.className}`} />;
  const image = <img src={src} alt={props.alt} className={props.className} data-testid={props.testId} />;
  if (!props.link) return image;
  return (
    <a
      href={src}
      target="_blank"
      rel="noreferrer"
      className="block focus-visible:outline-2 focus-visible:outline-[var(--accent)]"
    >
      {image}
      <span className="sr-only">{props.link.label}</span>
    </a>
  );
}
