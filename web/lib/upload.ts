import i18n, { currentLanguage } from "../i18n/setup";
import { ApiError, apiRequest } from "./api";

/**
 * Multipart uploads that report progress. `fetch` cannot tell how much of a request body has been
 * sent, so this uses XMLHttpRequest, with the same headers as apiRequest: the XSRF token from its
 * cookie, `Accept: application/json` and the dashboard's language.
 */

const XSRF_COOKIE = "XSRF-TOKEN";

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(";")) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return undefined;
}

async function xsrfToken(): Promise<string | undefined> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing) return existing;
  await fetch("/api/sanctum/csrf-cookie", { credentials: "same-origin", headers: { Accept: "application/json" } });
  return readCookie(XSRF_COOKIE);
}

/** How far one file of the request has gone, from 0 to 1. */
export type FileProgress = (fractions: number[]) => void;

export type UploadOptions = {
  method?: "POST" | "PUT";
  /** Text fields, sent before the files. */
  fields?: Record<string, string>;
  /** Files under `name[0]`, `name[1]`, ... in this order. */
  files: { name: string; list: File[] };
  /** Called as the bytes leave the browser, with one fraction per file. */
  onProgress?: FileProgress;
  signal?: AbortSignal;
};

// What multipart adds around each file: boundary, Content-Disposition with the file name, Content-Type.
const PART_HEADER_BYTES = 180;

/**
 * Each file's share of the bytes sent so far. The fields go first and the files follow in order,
 * so a file is done once the bytes sent pass its end in the body.
 */
export function fileFractions(loaded: number, total: number, sizes: number[]): number[] {
  const filesBytes = sizes.reduce((sum, size) => sum + size, 0);
  const overhead = Math.max(0, total - filesBytes);
  // Whatever overhead is not per-file headers came before the first file (the text fields).
  let offset = Math.max(0, overhead - sizes.length * PART_HEADER_BYTES);
  return sizes.map((size) => {
    offset += Math.min(PART_HEADER_BYTES, overhead);
    const start = offset;
    offset += size;
    if (loaded >= total) return 1;
    if (size === 0) return loaded >= start ? 1 : 0;
    return Math.min(1, Math.max(0, (loaded - start) / size));
  });
}

function parseError(xhr: XMLHttpRequest): ApiError {
  const unexpected = () => new ApiError(xhr.status, i18n.t("errors.unexpected"));
  if (xhr.status >= 500 || xhr.status === 0) return unexpected();
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown; errors?: unknown };
    if (typeof body.message !== "string") return unexpected();
    const errors =
      body.errors && typeof body.errors === "object" ? (body.errors as Record<string, string[]>) : undefined;
    return new ApiError(xhr.status, body.message, errors);
  } catch {
    return unexpected();
  }
}

/** Sends a multipart form and resolves with the JSON answer; failures reject with an ApiError. */
export async function uploadWithProgress<T>(path: string, options: UploadOptions): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  options.files.list.forEach((file, index) => {
    form.append(`${options.files.name}[${index}]`, file, file.name);
  });
  const sizes = options.files.list.map((file) => file.size);
  const token = await xsrfToken();

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? "POST", path);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Accept-Language", currentLanguage());
    if (token) xhr.setRequestHeader("X-XSRF-TOKEN", token);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(fileFractions(event.loaded, event.total, sizes));
    };
    xhr.upload.onload = () => options.onProgress?.(sizes.map(() => 1));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(xhr.status, i18n.t("errors.unexpected")));
        }
        return;
      }
      const error = parseError(xhr);
      // The API client owns what a 401 means (sign out); a session check through it says so.
      if (xhr.status === 401) void apiRequest("/api/session").catch(() => undefined);
      reject(error);
    };
    xhr.onerror = () => reject(new ApiError(0, i18n.t("errors.unexpected")));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));

    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException("The upload was cancelled.", "AbortError"));
        return;
      }
      options.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
