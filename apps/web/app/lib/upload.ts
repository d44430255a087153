import { ApiRequestError } from "./api-client.ts";
import { readCookie } from "./cookies.ts";

/** An upload in flight, which the shopper may cancel. */
export type Upload<T> = { done: Promise<T>; abort(): void };

/**
 * A file goes up with XMLHttpRequest, whose upload reports progress (fetch does not): multipart with the form's
 * fields first, then `file`, and the tenant and CSRF headers as every other call. A refusal rejects with the same
 * ApiRequestError the client throws (440 after telling the shell), so a form reads its messages the same way.
 */
export function uploadWithProgress<T>(options: {
  method: "POST" | "PATCH";
  url: string;
  dealerCode: string;
  fields: Record<string, string>;
  file: Blob & { name?: string };
  /** The name sent when the file has none (a blob drawn in the page). */
  fallbackName: string;
  onProgress(sent: number, total: number): void;
  onSessionExpired?(userKind: "dealer" | "customer" | null): void;
  xhr?: () => XMLHttpRequest;
  cookies?: () => string;
}): Upload<T> {
  const xhr = options.xhr?.() ?? new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open(options.method, options.url);
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader("x-dealer-code", options.dealerCode);
    xhr.setRequestHeader("x-csrftoken", readCookie(options.cookies?.() ?? document.cookie, "csrftoken") ?? "");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded, event.total);
    };
    xhr.onerror = () => reject(new ApiRequestError({ kind: "network" }));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status === 440) {
        const userKind = (body as { user_kind?: "dealer" | "customer" } | null)?.user_kind ?? null;
        options.onSessionExpired?.(userKind);
        reject(new ApiRequestError({ kind: "session-expired", userKind }));
      } else if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiRequestError({ kind: "http", status: xhr.status, body }));
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields)) form.append(name, value);
    form.append("file", options.file, options.file.name ?? options.fallbackName);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
