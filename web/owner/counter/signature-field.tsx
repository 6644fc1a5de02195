import type { SignatureKind } from "@domain/documents";
import { useSignaturePad } from "@web/lib/use-signature-pad";
import { Button } from "@web/ui/button";
import { FieldError } from "@web/ui/field";
import { Eraser, Type } from "lucide-react";
import { useId, useImperativeHandle, useRef } from "react";
import { useTranslation } from "react-i18next";

export type SignatureHandle = {
  /** The signature as a PNG data URL, or "" when nothing was drawn. */
  read(): string;
  /** Drawn, or the typed name set down. */
  kind(): SignatureKind;
};

/** The customer signs on the counter's screen (web/lib/use-signature-pad.ts), or sets down their typed name. */
export function SignatureField({
  ref,
  name,
  error,
  disabled,
}: {
  ref: React.Ref<SignatureHandle>;
  name: string;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation("reservations");
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useSignaturePad(canvas, disabled);
  useImperativeHandle(ref, () => ({ read: pad.read, kind: pad.kind }));
  const hint = `${id}-hint`;
  const problem = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-medium text-gray-900">
        {t("counter.agreement.signature")}
      </span>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? problem : hint}
        className={`h-44 w-full touch-none rounded-lg border-2 border-dashed bg-white sm:h-52 ${
          error ? "border-red-600" : "border-gray-300"
        } ${disabled ? "opacity-60" : ""}`}
      />
      <p id={hint} className="text-sm text-gray-600">
        {t("counter.agreement.signatureHint")}
      </p>
      <FieldError id={problem} message={error} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={pad.clear} disabled={disabled}>
          <Eraser aria-hidden="true" className="size-4" />
          {t("counter.agreement.clear")}
        </Button>
        <Button variant="ghost" onClick={() => pad.typeName(name)} disabled={disabled || !name.trim()}>
          <Type aria-hidden="true" className="size-4" />
          {t("counter.agreement.typeName")}
        </Button>
      </div>
    </div>
  );
}
