import { useFileDraft } from "@web/lib/use-file-draft";
import { useStateDraft } from "@web/lib/use-form-draft";
import { useCallback, useEffect, useState } from "react";
import type { AvatarChange } from "./api";

const KEY = "settings:avatar";
type Choice = { kind: AvatarChange["kind"]; name: string };
const UNCHANGED: Choice = { kind: "keep", name: "" };

/**
 * The profile photo's pending change (a new photo, its removal or neither), kept across a reload
 * like the form's typed text: the choice in sessionStorage, the chosen file in IndexedDB
 * (web/lib/file-drafts.ts). A stranger's walk chose a photo, reloaded and lost it without a word
 * while the name typed beside it came back.
 */
export function useAvatarDraft() {
  const [change, setChange] = useState<AvatarChange>({ kind: "keep" });
  // The kept photo's name while its file is read back; "" once it is back or when there is none.
  const [restoringName, setRestoringName] = useState("");
  const photo = useFileDraft(KEY, restoringName);
  const choice: Choice = { kind: change.kind, name: change.kind === "replace" ? change.file.name : "" };
  const draft = useStateDraft(KEY, choice, UNCHANGED, (saved) => {
    if (saved.kind === "remove") setChange({ kind: "remove" });
    else if (saved.kind === "replace" && typeof saved.name === "string") setRestoringName(saved.name);
  });

  // The kept file came back under the name the choice remembers: it is the pending photo again.
  useEffect(() => {
    if (!restoringName || !photo.file) return;
    setChange({ kind: "replace", file: photo.file });
    setRestoringName("");
  }, [restoringName, photo.file]);

  const { choose, forget } = photo;
  const set = useCallback(
    (next: AvatarChange) => {
      setChange(next);
      setRestoringName("");
      choose(next.kind === "replace" ? next.file : null);
    },
    [choose],
  );

  /** Forgets the kept choice and file (saved, discarded or left); the field is back to no change. */
  const clear = useCallback(() => {
    setChange({ kind: "keep" });
    setRestoringName("");
    draft.clear();
    forget();
  }, [draft.clear, forget]);

  return { change, set, clear, restored: draft.restored };
}
