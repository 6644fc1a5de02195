import type { Page } from "@playwright/test";

/** A signature drawn across the pad named `name` with the pointer, as a finger would. */
export async function signOnPad(page: Page, name: string) {
  const pad = page.getByRole("img", { name });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error("the signature pad is not on screen");
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (const [x, y] of [
    [0.25, 0.3],
    [0.45, 0.75],
    [0.65, 0.25],
    [0.9, 0.6],
  ] as const) {
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 6 });
  }
  await page.mouse.up();
}
