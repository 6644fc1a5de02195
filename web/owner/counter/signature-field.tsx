import { Button } from "@web/ui/button";
import { Eraser, Type } from "lucide-react";
import { useEffect, useImperativeHandle, useRef } from "react";
import { useTranslation } from "react-i18next";
import SignaturePad from "signature_pad";

export type SignatureHandle = {
  /** The signature as a PNG data URL, or null when nothing was drawn. */
  read(): string | null;
  clear(): void;
};

/**
 * The customer signs on the screen with a finger, a pen or a mouse (signature_pad). The canvas
 * follows its box's width and the screen's pixel density, so strokes stay sharp on a phone. For
 * whoever cannot draw (keyboard, screen reader), the typed name can be set down as the signature.
 */
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
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { penColor: "#111827", minWidth: 1, maxWidth: 3 });
    pad.current = signature;
    const fitToBox = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext("2d")?.scale(ratio, ratio);
      // A resized canvas is blank: the customer signs again rather than sign a stretched picture.
      signature.clear();
    };
    fitToBox();
    const observer = new ResizeObserver(() => {
      if (element.offsetWidth * Math.max(window.devicePixelRatio || 1, 1) !== element.width) fitToBox();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      signature.off();
    };
  }, []);

  useEffect(() => {
    if (!pad.current) return;
    if (disabled) pad.current.off();
    else pad.current.on();
  }, [disabled]);

  useImperativeHandle(ref, () => ({
    read: () => (pad.current && !pad.current.isEmpty() ? pad.current.toDataURL("image/png") : null),
    clear: () => pad.current?.clear(),
  }));

  /** The typed name in a handwriting-like italic, drawn as the signature. */
  const typeName = () => {
    const element = canvas.current;
    const signature = pad.current;
    if (!element || !signature || !name.trim()) return;
    signature.clear();
    const context = element.getContext("2d");
    if (!context) return;
    const width = element.offsetWidth;
    const height = element.offsetHeight;
    context.fillStyle = "#111827";
    context.font = `italic ${Math.round(height * 0.32)}px "Brush Script MT", "Segoe Script", cursive, serif`;
    context.textAlign = "center";
    context.textBaseline = "middle";
    context.fillText(name.trim(), width / 2, height / 2, width - 24);
    // signature_pad then counts it as drawn (its data is read back from the canvas).
    void signature.fromDataURL(element.toDataURL("image/png"), { ratio: 1, width, height });
  };

  const described = error ? "signature-error" : "signature-hint";
  return (
    <div className="flex flex-col gap-2">
      <span id="signature-label" className="text-sm font-medium text-gray-900">
        {t("counter.agreement.signature")}
      </span>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby="signature-label"
        aria-describedby={described}
        className={`h-44 w-full touch-none rounded-lg border-2 border-dashed bg-white sm:h-52 ${
          error ? "border-red-600" : "border-gray-300"
        } ${disabled ? "opacity-60" : ""}`}
      />
      <p id="signature-hint" className="text-sm text-gray-600">
        {t("counter.agreement.signatureHint")}
      </p>
      {error && (
        <p id="signature-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => pad.current?.clear()} disabled={disabled}>
          <Eraser aria-hidden="true" className="size-4" />
          {t("counter.agreement.clear")}
        </Button>
        <Button variant="ghost" onClick={typeName} disabled={disabled || !name.trim()}>
          <Type aria-hidden="true" className="size-4" />
          {t("counter.agreement.typeName")}
        </Button>
      </div>
    </div>
  );
}
