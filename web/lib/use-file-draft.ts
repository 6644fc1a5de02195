import { useCallback, useEffect, useState } from "react";
import { readFileDraft, saveFileDraft } from "./file-drafts";

/**
 * A file field of a form whose text is kept by useFormDraft: the file chosen is kept too
 * (web/lib/file-drafts.ts), and put back after a reload when the restored text still names it.
 *
 *   const logo = useFileDraft("landing-wizard:logo", restoredName);
 *   <ImageField file={logo.file} onFileChange={logo.choose} />
 *   ...when the form is done (sent, discarded, left): logo.forget();
 *
 * `expectedName` is the file's name as the text draft remembers it ("" for none): a kept copy is
 * put back only under that name, so a form whose draft was discarded never gets an old file.
 */
export function useFileDraft(key: string, expectedName: string) {
  const [file, setFile] = useState<File | null>(null);
  const [restoring, setRestoring] = useState(false);

  useEffect(() => {
    if (!expectedName || file) return;
    let live = true;
    setRestoring(true);
    void readFileDraft(key).then((kept) => {
      if (!live) return;
      if (kept && kept.name === expectedName) setFile(kept);
      setRestoring(false);
    });
    return () => {
      live = false;
      setRestoring(false);
    };
  }, [key, expectedName, file]);

  const choose = useCallback(
    (chosen: File | null) => {
      setFile(chosen);
      void saveFileDraft(key, chosen);
    },
    [key],
  );

  /** Forgets the kept copy (the form was sent or discarded); the field keeps what it shows. */
  const forget = useCallback(() => void saveFileDraft(key, null), [key]);

  return { file, choose, forget, restoring };
}
