import type { SignatureKind } from "@domain/documents";
import { type RefObject, useEffect, useRef } from "react";
import SignaturePad from "signature_pad";

/**
 * A signature drawn on a canvas with a finger, a pen or a mouse (signature_pad), for the owner's
 * counter and the customer's express pickup alike. The canvas follows its box's width and the
 * screen's pixel density, so strokes stay sharp on a phone. A resized canvas (a phone turned on
 * its side, the page laid out again) draws what it held again at the same size, never stretched
 * (a stretched signature is not the one that was drawn): a walk's signature vanished when the phone
 * turned, and the agreement was refused as unsigned. For whoever cannot draw (keyboard, screen
 * reader), `typeName` sets the typed name down as the signature. `onSigned` is told each time
 * something is set down (a stroke ended, the name typed), so a form can take back its "missing".
 */
export function useSignaturePad(
  canvas: RefObject<HTMLCanvasElement | null>,
  disabled = false,
  onSigned: () => void = () => {},
) {
  const pad = useRef<SignaturePad | null>(null);
  const signed = useRef(onSigned);
  signed.current = onSigned;
  // The typed name set down on the pad, until it is cleared: drawn again when the pad is resized.
  const nameSetDown = useRef<string | null>(null);
  // Whether the pad holds the typed name alone (the signed agreement says so), until a stroke is drawn.
  const typed = useRef(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { penColor: "#111827", minWidth: 1, maxWidth: 3 });
    pad.current = signature;
    signature.addEventListener("beginStroke", () => {
      typed.current = false;
    });
    signature.addEventListener("endStroke", () => signed.current());
    const ratio = () => Math.max(window.devicePixelRatio || 1, 1);
    const fitToBox = () => {
      const strokes = signature.toData();
      element.width = element.offsetWidth * ratio();
      element.height = element.offsetHeight * ratio();
      element.getContext("2d")?.scale(ratio(), ratio());
      signature.clear();
      // The name first, the strokes over it (an initial drawn beside a typed name keeps both).
      if (nameSetDown.current !== null) drawName(element, signature, nameSetDown.current);
      if (strokes.length > 0) signature.fromData(strokes, { clear: false });
    };
    fitToBox();
    const observer = new ResizeObserver(() => {
      // A pad taken off the page (the agreement signed) has no size to fit: left as it is.
      if (element.offsetWidth === 0 || element.offsetHeight === 0) return;
      if (element.offsetWidth * ratio() !== element.width) fitToBox();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      signature.off();
    };
  }, [canvas]);

  useEffect(() => {
    if (disabled) pad.current?.off();
    else pad.current?.on();
  }, [disabled]);

  return {
    /** The signature as a PNG data URL, or "" when nothing was drawn (the server then asks for one). */
    read: () => (pad.current && !pad.current.isEmpty() ? pad.current.toDataURL("image/png") : ""),
    clear: () => {
      nameSetDown.current = null;
      typed.current = false;
      pad.current?.clear();
    },
    /** How what `read` answers was made. */
    kind: (): SignatureKind => (typed.current ? "typed" : "drawn"),
    /** The typed name in a handwriting-like italic, drawn as the signature. */
    typeName: (name: string) => {
      const element = canvas.current;
      const signature = pad.current;
      if (!element || !signature || !name.trim()) return;
      drawName(element, signature, name.trim());
      nameSetDown.current = name.trim();
      typed.current = true;
      signed.current();
    },
  };
}

/** `name` set down across the pad, centred, in place of what it held. */
function drawName(element: HTMLCanvasElement, signature: SignaturePad, name: string) {
  const context = element.getContext("2d");
  if (!context) return;
  signature.clear();
  const width = element.offsetWidth;
  const height = element.offsetHeight;
  context.fillStyle = "#111827";
  context.font = `italic ${Math.round(height * 0.32)}px "Brush Script MT", "Segoe Script", cursive, serif`;
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillText(name, width / 2, height / 2, width - 24);
  // signature_pad then counts it as drawn.
  void signature.fromDataURL(element.toDataURL("image/png"), { ratio: 1, width, height });
}
