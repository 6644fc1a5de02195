import { describe, expect, it } from "vitest";
import { BytesBlob } from "./bytes-blob";

describe("BytesBlob", () => {
  it("hands over a whole buffer as it is, without copying it", async () => {
    const bytes = new TextEncoder().encode("base de datos");
    const blob = new BytesBlob(bytes);
    expect(blob.size).toBe(bytes.byteLength);
    expect(await blob.arrayBuffer()).toBe(bytes.buffer);
  });

  it("copies a view of part of a buffer so that it stands alone", async () => {
    const whole = new TextEncoder().encode("xxbase de datosyy");
    const blob = new BytesBlob(whole.subarray(2, 15));
    const handed = await blob.arrayBuffer();
    expect(handed).not.toBe(whole.buffer);
    expect(new TextDecoder().decode(handed)).toBe("base de datos");
  });

  it("reads like any Blob otherwise: text, a slice, a stream", async () => {
    const blob = new BytesBlob(new TextEncoder().encode("reserva confirmada"));
    expect(await blob.text()).toBe("reserva confirmada");
    expect(await blob.slice(8).text()).toBe("confirmada");
    expect(await new Response(blob.stream()).text()).toBe("reserva confirmada");
    expect(new TextDecoder().decode(await blob.bytes())).toBe("reserva confirmada");
  });
});
