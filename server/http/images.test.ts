import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { reencodeImage, reencodeImages } from "./images";

const png = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha } } })
    .png()
    .toBuffer();

describe("re-encoding an upload", () => {
  it("never enlarges an image kept whole, and fills a cropped box whatever the upload's size", async () => {
    const small = await png(200, 100);
    const [inside, cover] = await reencodeImages("logo", small, [
      { width: 1200, height: 1200, fit: "inside", format: "webp" },
      { width: 1200, height: 630, fit: "cover", format: "jpeg" },
    ]);
    expect(await sharp(inside).metadata()).toMatchObject({ format: "webp", width: 200, height: 100 });
    expect(await sharp(cover).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });

  it("puts a transparent upload on white for JPEG, which has no transparency", async () => {
    const transparent = await png(100, 100, 0);
    const jpeg = await reencodeImage("og_image", transparent, {
      width: 100,
      height: 100,
      fit: "cover",
      format: "jpeg",
    });
    const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((channel) => channel > 245)).toBe(true);
  });

  it("keeps only the first frame of an animated upload: photos are still images", async () => {
    const frames = await Promise.all([png(40, 40), png(40, 40, 0.5), png(40, 40, 0.2)]);
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBeGreaterThan(1);
    const stored = await reencodeImage("images", animated, { width: 40, fit: "inside", format: "webp" });
    const metadata = await sharp(stored).metadata();
    expect([metadata.format, metadata.pages ?? 1, metadata.height]).toEqual(["webp", 1, 40]);
  });

  it("makes a valid very tall image smaller where its encoder has a longest side, not 'not an image'", async () => {
    // A phone's scrolling screenshot: WebP stores at most 16,383 px a side.
    const tall = await sharp({ create: { width: 600, height: 20_000, channels: 3, background: "#3366aa" } })
      .png()
      .toBuffer();
    const [narrow, wide] = await reencodeImages("images", tall, [
      { width: 480, fit: "inside", format: "webp" },
      { width: 1600, fit: "inside", format: "webp" },
    ]);
    expect(await sharp(narrow).metadata()).toMatchObject({ format: "webp", width: 480, height: 16_000 });
    expect(await sharp(wide).metadata()).toMatchObject({ format: "webp", width: 491, height: 16_383 });
  });

  it("refuses what is not an image, whatever its name", async () => {
    await expect(
      reencodeImage("images", Buffer.from("<svg onload=alert(1)>"), { width: 10, fit: "inside" }),
    ).rejects.toMatchObject({
      fields: { images: ["imageInvalid"] },
    });
  });
});
