import { currentDraftScope } from "./use-form-draft";

/**
 * Files chosen in a form and not sent yet, kept in this browser's IndexedDB (which, unlike
 * sessionStorage, holds a File as it is), so a reload in the middle of a form keeps them beside
 * its text draft. Keyed by the signed-in owner, this tab and the form; each copy is forgotten once
 * the form is done with it, and any left behind (a tab closed mid-form) after a day.
 * Every call is best effort: without IndexedDB (private windows in some browsers) nothing is kept
 * and the form asks for the file again, as it would without this module.
 */
const DB_NAME = "nelly-file-drafts";
const STORE = "files";
const KEEP_MS = 24 * 60 * 60 * 1000;
const TAB_KEY = "nelly.tabId";

type Entry = { file: File; savedAt: number };

let opened: Promise<IDBDatabase | null> | null = null;

function openDatabase(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === "undefined") return Promise.resolve(null);
  opened ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => {
        resolve(request.result);
        void forgetOld(request.result);
      };
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opened;
}

/** One request on the store, as a promise; undefined when it fails. */
function ask<T>(db: IDBDatabase, mode: IDBTransactionMode, make: (store: IDBObjectStore) => IDBRequest<T>) {
  return new Promise<T | undefined>((resolve) => {
    try {
      const request = make(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

async function forgetOld(db: IDBDatabase) {
  const keys = (await ask(db, "readonly", (store) => store.getAllKeys())) ?? [];
  for (const key of keys) {
    const entry = (await ask(db, "readonly", (store) => store.get(key))) as Entry | undefined;
    if (!entry || Date.now() - entry.savedAt > KEEP_MS) await ask(db, "readwrite", (store) => store.delete(key));
  }
}

/** This tab's own id, kept for the tab's life (sessionStorage), so two tabs' forms never mix. */
function tabId(): string {
  try {
    let id = sessionStorage.getItem(TAB_KEY);
    if (!id) {
      id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
      sessionStorage.setItem(TAB_KEY, id);
    }
    return id;
  } catch {
    return "tab";
  }
}

function storeKey(key: string): string | null {
  const scope = currentDraftScope();
  return scope ? `${scope}.${tabId()}.${key}` : null;
}

/** Keeps `file` under `key` (null forgets it). */
export async function saveFileDraft(key: string, file: File | null): Promise<void> {
  const name = storeKey(key);
  const db = name ? await openDatabase() : null;
  if (!db || !name) return;
  if (file) await ask(db, "readwrite", (store) => store.put({ file, savedAt: Date.now() } satisfies Entry, name));
  else await ask(db, "readwrite", (store) => store.delete(name));
}

/** The file kept under `key`, if there is one and it is not older than a day. */
export async function readFileDraft(key: string): Promise<File | null> {
  const name = storeKey(key);
  const db = name ? await openDatabase() : null;
  if (!db || !name) return null;
  const entry = (await ask(db, "readonly", (store) => store.get(name))) as Entry | undefined;
  if (!entry || !(entry.file instanceof Blob) || Date.now() - entry.savedAt > KEEP_MS) return null;
  return entry.file;
}
