import { SIGNER_NAME_MAX } from "@domain/documents";
import type { ExpressView } from "@domain/express";
import { useSignaturePad } from "@web/lib/use-signature-pad";
import * as lucide from "lucide-react";
import { useRef, useState } from "react";
import { usePage } from "../context";
import type { ExpressWords } from "../i18n/express";
import { callApi } from "../lib/api";
import { buttonPrimary, buttonSecondary, fieldControl, fieldError, fieldLabel, linkText } from "../lib/ui";
import { useTypedBeforeHydration } from "../lib/use-typed-before-hydration";
import { keptIcon } from "./icons";

const Eraser = keptIcon(lucide.Eraser);
const FileText = keptIcon(lucide.FileText);
const Type = keptIcon(lucide.Type);

type Props = {
  words: ExpressWords;
  base: string;
  token: string;
  express: ExpressView;
  onSigned: (express: ExpressView) => void;
};

/**
 * Step 2 of express pickup: the customer reads the agreement drawn with their drivers, writes their
 * name and signs with a finger (web/lib/use-signature-pad.ts); the signed PDF is stored and emailed.
 */
export function ExpressAgreement({ words, base, token, express, onSigned }: Props) {
  const { data } = usePage();
  const lang = data.language;
  const canvas = useRef<HTMLCanvasElement>(null);
  const [signer, setSigner] = useState(express.drivers[0]?.name ?? "");
  // The name typed into the server's field while the scripts loaded stays.
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (typed) => {
    const typedSigner = typed["express-signer"];
    if (typeof typedSigner === "string") setSigner(typedSigner);
  });
  const [state, setState] = useState<"idle" | "signing">("idle");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState("");
  // Signed since the server said it was missing: that no longer holds (a walk's finding: the red
  // "missing" stayed under a pad holding the typed name).
  const pad = useSignaturePad(canvas, state === "signing", () =>
    setErrors((current) => {
      if (!current.signature) return current;
      const { signature: _settled, ...rest } = current;
      return rest;
    }),
  );
  const query = `?t=${encodeURIComponent(token)}`;
  const ready = express.drivers.length > 0;

  async function sign(event: React.FormEvent) {
    event.preventDefault();
    if (state === "signing") return;
    setState("signing");
    setErrors({});
    setFailure("");
    try {
      const answer = await callApi<{ message: string; express: ExpressView }>(`${base}/agreement${query}`, lang, {
        method: "POST",
        body: { signer_name: signer, signature: pad.read(), signature_kind: pad.kind(), language: lang },
      });
      if (answer.ok) onSigned(answer.body.express);
      else {
        setErrors(answer.errors ?? {});
        setFailure(answer.errors ? words.fixErrors : answer.message || words.failed);
      }
    } catch {
      setFailure(words.failed);
    }
    setState("idle");
  }

  const signatureError = errors.signature?.[0];
  const nameError = errors.signer_name?.[0];
  // "Check the fields marked" once none is marked any more says nothing.
  const failureShown = failure === words.fixErrors && Object.keys(errors).length === 0 ? "" : failure;
  return (
    <form ref={formRef} onSubmit={sign} noValidate className="grid gap-4" aria-labelledby="express-agreement">
      <div>
        <h2 id="express-agreement" className="text-lg font-semibold cramped:text-base">
          {words.agreementTitle}
        </h2>
        <p className="mt-1 text-gray-700">{ready ? words.agreementBody : words.agreementNeedsDrivers}</p>
      </div>
      {express.signed_version !== null && express.completed_at && (
        <p className="rounded-lg bg-green-50 px-3 py-2 text-green-900">{words.signed(express.signed_version)}</p>
      )}
      {express.signed_version !== null && !express.completed_at && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">{words.signAgain}</p>
      )}
      {ready && !express.completed_at && (
        <>
          <a
            href={`${base}/agreement${query}&language=${lang}`}
            target="_blank"
            rel="noopener"
            className={`${linkText} inline-flex items-center gap-2`}
          >
            <FileText aria-hidden="true" className="size-5" />
            {words.readAgreement}
            <span className="sr-only"> {words.newTab}</span>
          </a>
          <div>
            <label htmlFor="express-signer" className={fieldLabel}>
              {words.signer}
            </label>
            <input
              id="express-signer"
              className={fieldControl}
              value={signer}
              maxLength={SIGNER_NAME_MAX}
              autoComplete="name"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? "express-signer-error" : undefined}
              onChange={(event) => setSigner(event.target.value)}
            />
            {nameError && (
              <p id="express-signer-error" className={fieldError}>
                {nameError}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <span id="express-signature-label" className={fieldLabel}>
              {words.signature}
            </span>
            <canvas
              ref={canvas}
              role="img"
              aria-labelledby="express-signature-label"
              aria-describedby={signatureError ? "express-signature-error" : "express-signature-hint"}
              className={`h-44 w-full touch-none rounded-xl border-2 border-dashed bg-white ${signatureError ? "border-red-600" : "border-gray-300"}`}
            />
            <p id="express-signature-hint" className="text-sm text-gray-600">
              {words.signatureHint}
            </p>
            {signatureError && (
              <p id="express-signature-error" className={fieldError}>
                {signatureError}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <button type="button" className={buttonSecondary} onClick={pad.clear}>
                <Eraser aria-hidden="true" className="size-5" />
                {words.clear}
              </button>
              <button
                type="button"
                className={buttonSecondary}
                onClick={() => pad.typeName(signer)}
                disabled={!signer.trim()}
              >
                <Type aria-hidden="true" className="size-5" />
                {words.typeName}
              </button>
            </div>
          </div>
          {failureShown && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
              {failureShown}
            </p>
          )}
          <div>
            <button type="submit" className={buttonPrimary} disabled={state === "signing"}>
              {state === "signing" ? words.signing : words.sign}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
