import { expect } from "@playwright/test";
import { newOwner, registerViaApi, signIn } from "./support/owners";
import { test } from "./support/test";

// Issue 7, item 10: initials were cut from code points, so a flag or an emoji with a skin tone
// came out as half a character ("Y▯"). They are whole graphemes now.
const CASES = [
  { name: "Yanelis 🇩🇴", initials: "Y🇩🇴" },
  { name: "👩🏽‍💻 Rentas", initials: "👩🏽‍💻R" },
  { name: "ñapa autos", initials: "ÑA" },
];

for (const { name, initials } of CASES) {
  test(`the avatar of "${name}" shows ${initials}`, async ({ page }) => {
    const owner = newOwner("avatar", name);
    await registerViaApi(owner);
    await signIn(page, owner);
    const account = page.getByRole("complementary").getByRole("link", { name: `${name}: configuración de usuario` });
    await expect(account.locator('span[aria-hidden="true"]').first()).toHaveText(initials);

    // The settings page's large avatar uses the same initials.
    await page.goto("/user-config");
    await expect(page.getByRole("main").locator('span[aria-hidden="true"]').first()).toHaveText(initials);
  });
}
