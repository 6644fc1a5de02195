import type { Page } from "@playwright/test";

/**
 * How many files the browser keeps for unsent forms (web/lib/file-drafts.ts). A file is kept a
 * moment after it is chosen (IndexedDB writes on its own time): a journey that reloads to see it
 * come back waits for it here first, as a person would not reload within that moment.
 */
export const keptFiles = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const request = indexedDB.open("nelly-file-drafts", 1);
        request.onupgradeneeded = () => request.result.createObjectStore("files");
        request.onsuccess = () => {
          const count = request.result.transaction("files").objectStore("files").count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
