import { useCallback, useEffect, useRef, useState } from "react";
import { ACCEPTED_IMAGE_TYPES } from "../../../domain/limits";
import type { ApiMessageKey } from "../../../domain/messages";
import {
  VEHICLE_IMAGE_MAX_BYTES,
  VEHICLE_IMAGES_MAX,
  VEHICLE_IMAGES_REQUEST_MAX_BYTES,
  type Vehicle,
} from "../../../domain/vehicles";

export const VEHICLE_IMAGE_MAX_MB = Math.round(VEHICLE_IMAGE_MAX_BYTES / 1024 / 1024);
const ACCEPTED = new Set(ACCEPTED_IMAGE_TYPES.split(","));

type SavedImage = Vehicle["images"][number];

/** A photo in the form: one the vehicle already has, or a file chosen here and not uploaded yet. */
export type PhotoItem =
  | { key: string; kind: "saved"; image: SavedImage }
  | { key: string; kind: "new"; file: File; url: string };

/** Why files were not added: the whole batch (too many) or some of its files. */
export type PhotoProblem = { key: ApiMessageKey; params?: Record<string, string | number>; fileName?: string };

/** The same checks the server makes, done before anything is sent. */
export function fileProblem(file: File): PhotoProblem | null {
  if (!ACCEPTED.has(file.type)) return { key: "imageInvalid", fileName: file.name };
  if (file.size > VEHICLE_IMAGE_MAX_BYTES)
    return { key: "imageTooLarge", params: { max: VEHICLE_IMAGE_MAX_MB }, fileName: file.name };
  return null;
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
  const [removedIds, setRemovedIds] = useState<number[]>([]);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [problems, setProblems] = useState<PhotoProblem[]>([]);
  // Object URLs of chosen files are released when the form goes away.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const found: PhotoProblem[] = [];
      const accepted = files.filter((file) => {
        const problem = fileProblem(file);
        if (problem) found.push(problem);
        return !problem;
      });
      const pendingBytes = items.reduce((sum, item) => sum + (item.kind === "new" ? item.file.size : 0), 0);
      const addedBytes = accepted.reduce((sum, file) => sum + file.size, 0);
      if (items.length + accepted.length > VEHICLE_IMAGES_MAX) {
        // SPEC §5: the alert, and nothing of the batch is added.
        setProblems([{ key: "imagesTooMany" }]);
        return false;
      }
      if (pendingBytes + addedBytes > VEHICLE_IMAGES_REQUEST_MAX_BYTES) {
        setProblems([{ key: "imagesTooLarge" }]);
        return false;
      }
      setProblems(found);
      if (accepted.length === 0) return found.length === 0;
      const added: PhotoItem[] = accepted.map((file) => {
        const url = URL.createObjectURL(file);
        urls.current.add(url);
        return { key: newKey(), kind: "new", file, url };
      });
      setItems((current) => [...current, ...added]);
      return found.length === 0;
    },
    [items],
  );

  const remove = useCallback(
    (key: string) => {
      const item = items.find((candidate) => candidate.key === key);
      if (!item) return;
      setProblems([]);
      if (item.kind === "new") {
        URL.revokeObjectURL(item.url);
        urls.current.delete(item.url);
      } else {
        setRemovedIds((ids) => [...ids, item.image.id]);
      }
      setItems((current) => current.filter((candidate) => candidate.key !== key));
    },
    [items],
  );

  const move = useCallback((from: number, to: number) => {
    setItems((current) => {
      if (to < 0 || to >= current.length || from === to) return current;
      const next = [...current];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });
  }, []);

  /** After a save: the vehicle's photos as the server now has them, nothing pending. */
  const resetTo = useCallback((images: SavedImage[]) => {
    for (const url of urls.current) URL.revokeObjectURL(url);
    urls.current.clear();
    setItems(savedItems(images));
    setRemovedIds([]);
    setProgress({});
  }, []);

  return {
    items,
    removedIds,
    progress,
    setProgress,
    problems,
    setProblems,
    add,
    remove,
    move,
    resetTo,
    newFiles: items.flatMap((item) => (item.kind === "new" ? [item] : [])),
  };
}

export type PhotoList = ReturnType<typeof usePhotoList>;
