import { currentLanguage } from "../i18n/setup";
import { apiRequest, toApiError } from "./api";
import { requestHeaders } from "./http";

/**
 * Multipart uploads that report progress. `fetch` cannot tell how much of a request body has been
 * sent, so this uses XMLHttpRequest, with apiRequest's headers (web/lib/http.ts: the XSRF token,
 * `Accept: application/json` and the dashboard's language) and its reading of a failed answer.
 */

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

/** The answer's JSON, or undefined when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
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
  const method = options.method ?? "POST";
  const headers = await requestHeaders({ method, language: currentLanguage() });

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    headers.forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(fileFractions(event.loaded, event.total, sizes));
    };
    xhr.upload.onload = () => options.onProgress?.(sizes.map(() => 1));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const body = parseJson(xhr.responseText);
        // A success that is not JSON: toApiError gives our own sentence, with the status.
        if (body === undefined) reject(toApiError(xhr.status, undefined));
        else resolve(body as T);
        return;
      }
      const error = toApiError(xhr.status, parseJson(xhr.responseText));
      // The API client owns what a 401 means (sign out); a session check through it says so.
      if (xhr.status === 401) void apiRequest("/api/session").catch(() => undefined);
      reject(error);
    };
    xhr.onerror = () => reject(toApiError(0, undefined));
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
