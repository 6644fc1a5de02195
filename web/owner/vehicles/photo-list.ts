import type { ApiMessageKey } from "@domain/messages";
import {
  VEHICLE_IMAGE_MAX_BYTES,
  VEHICLE_IMAGES_MAX,
  VEHICLE_IMAGES_REQUEST_MAX_BYTES,
  type Vehicle,
} from "@domain/vehicles";
import { prepareImage } from "@web/lib/image-file";
import { useCallback, useEffect, useRef, useState } from "react";

export const VEHICLE_IMAGE_MAX_MB = Math.round(VEHICLE_IMAGE_MAX_BYTES / 1024 / 1024);

type SavedImage = Vehicle["images"][number];

/** A photo in the form: one the vehicle already has, or a file chosen here and not uploaded yet. */
export type PhotoItem =
  | { key: string; kind: "saved"; image: SavedImage }
  | { key: string; kind: "new"; file: File; url: string };

/** Why files were not added: the whole batch (too many) or some of its files. */
export type PhotoProblem = { key: ApiMessageKey; params?: Record<string, string | number>; fileName?: string };

/**
 * The same checks the server makes, done before anything is sent: an accepted type and a real
 * picture inside; a photo too heavy or too large comes back drawn smaller (issue 25.16).
 */
export async function preparedFile(file: File): Promise<{ file: File } | { problem: PhotoProblem }> {
  const prepared = await prepareImage(file, VEHICLE_IMAGE_MAX_BYTES);
  if (prepared.ok) return { file: prepared.file };
  return { problem: { key: prepared.problem, params: prepared.params, fileName: file.name } };
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

const savedItems = (images: SavedImage[]): PhotoItem[] =>
  [...images]
    .sort((a, b) => a.position - b.position)
    .map((image) => ({ key: `saved-${image.id}`, kind: "saved", image }));

/**
 * The photos of the vehicle form: their order (the first is the cover), the files to upload, the
 * saved photos the owner removed, and the upload progress of each new file.
 */
export function usePhotoList(initial: SavedImage[] = []) {
  const [items, setItems] = useState<PhotoItem[]>(() => savedItems(initial));
  // The list as last set, for checks that finish after a render (decoding chosen files).
  const current = useRef(items);
  const [removedIds, setRemovedIdsState] = useState<number[]>([]);
  const removed = useRef(removedIds);
  const setRemovedIds = useCallback((next: number[]) => {
    removed.current = next;
    setRemovedIdsState(next);
  }, []);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [problems, setProblems] = useState<PhotoProblem[]>([]);
  // Files being checked (decoded) before they join the list; batches are checked one after another.
  const [checking, setChecking] = useState(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // Object URLs of chosen files are released when the form goes away.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  const commit = useCallback((next: PhotoItem[]) => {
    current.current = next;
    setItems(next);
  }, []);

  const addChecked = useCallback(
    async (files: File[]) => {
      // One at a time: a dozen decoded camera photos at once would hold hundreds of MB on a phone.
      const found: PhotoProblem[] = [];
      const ready: File[] = [];
      for (const file of files) {
        const prepared = await preparedFile(file);
        if ("file" in prepared) ready.push(prepared.file);
        else found.push(prepared.problem);
      }
      const list = current.current;
      // As many as there is room for, in the order chosen; the rest are left out and the owner told.
      const room = Math.max(0, VEHICLE_IMAGES_MAX - list.length);
      let accepted = ready.slice(0, room);
      if (ready.length > room) {
        found.unshift({ key: "imagesKeptSome", params: { added: accepted.length, chosen: ready.length } });
      }
      const pendingBytes = list.reduce((sum, item) => sum + (item.kind === "new" ? item.file.size : 0), 0);
      let bytes = pendingBytes;
      const fitting = accepted.filter((file) => {
        bytes += file.size;
        return bytes <= VEHICLE_IMAGES_REQUEST_MAX_BYTES;
      });
      if (fitting.length < accepted.length) found.unshift({ key: "imagesTooLarge" });
      accepted = fitting;
      setProblems(found);
      if (accepted.length === 0) return { added: 0, total: list.length };
      const added: PhotoItem[] = accepted.map((file) => {
        const url = URL.createObjectURL(file);
        urls.current.add(url);
        return { key: newKey(), kind: "new", file, url };
      });
      commit([...list, ...added]);
      return { added: added.length, total: list.length + added.length };
    },
    [commit],
  );

  /** Checks the chosen files (decoding each one) and adds those that are pictures: how many, and how many there are now. */
  const add = useCallback(
    (files: File[]): Promise<{ added: number; total: number }> => {
      setChecking((count) => count + files.length);
      const done = queue.current
        .then(() => addChecked(files))
        .finally(() => setChecking((count) => count - files.length));
      queue.current = done.catch(() => undefined);
      return done;
    },
    [addChecked],
  );

  /** Resolves once every chosen file has been checked and added (or refused). */
  const settled = useCallback(() => queue.current.then(() => undefined), []);

  const remove = useCallback(
    (key: string) => {
      const item = current.current.find((candidate) => candidate.key === key);
      if (!item) return;
      setProblems([]);
      if (item.kind === "new") {
        URL.revokeObjectURL(item.url);
        urls.current.delete(item.url);
      } else {
        setRemovedIds([...removed.current, item.image.id]);
      }
      commit(current.current.filter((candidate) => candidate.key !== key));
    },
    [commit, setRemovedIds],
  );

  const move = useCallback(
    (from: number, to: number) => {
      const list = current.current;
      if (to < 0 || to >= list.length || from === to) return;
      const next = [...list];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      commit(next);
    },
    [commit],
  );

  /**
   * After a save (or a reload): the vehicle's photos as the server now has them, and after them
   * `unsent`, new photos a failed upload did not take (the next save sends them); nothing else pending.
   */
  const resetTo = useCallback(
    (images: SavedImage[], unsent: PhotoItem[] = []) => {
      const kept = new Set(unsent.flatMap((item) => (item.kind === "new" ? [item.url] : [])));
      for (const url of urls.current) if (!kept.has(url)) URL.revokeObjectURL(url);
      urls.current = kept;
      commit([...savedItems(images), ...unsent]);
      setRemovedIds([]);
      setProgress({});
      setProblems([]);
    },
    [commit, setRemovedIds],
  );

  /** The list as it is now, even from a handler that started before the last change. */
  const snapshot = useCallback(() => {
    const items = current.current;
    return {
      items,
      removedIds: removed.current,
      newFiles: items.flatMap((item) => (item.kind === "new" ? [item] : [])),
    };
  }, []);

  return {
    items,
    removedIds,
    progress,
    setProgress,
    problems,
    setProblems,
    checking: checking > 0,
    add,
    settled,
    snapshot,
    remove,
    move,
    resetTo,
  };
}

export type PhotoList = ReturnType<typeof usePhotoList>;
