import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { startE2eDns } from "./support/dns";
import { createLanding, test, toast } from "./support/fleet";

// The tester's report: any owner could attach another's domain and be served on it. A domain now
// serves the landing only once its DNS holds the TXT record Nelly gives the claim. One test: the
// DNS stand-in's port is fixed (e2e/support/dns.ts), so no two may run at once.
test("an owner claims their domain, is shown the TXT record to create, and verifies it (en, then es)", async ({
  page,
  signedInOwner,
}) => {
  const dns = await startE2eDns();
  try {
    const owner = await signedInOwner("domain");
    const landing = await createLanding(owner, "Dominio");
    await page.evaluate(() => localStorage.setItem("nelly.lang", "en"));
    await page.goto(`/view-landing/${landing.id}?tab=rules`);
    let form = page.getByRole("main").getByRole("form", { name: "Custom domain" });
    const domain = `reservas-${Date.now()}.flotasol.com`;
    await form.getByLabel("Domain", { exact: true }).fill(domain);
    await form.getByRole("button", { name: "Save domain" }).click();
    await expect(toast(page, "Custom domain saved.")).toBeVisible();

    // Not served yet: the record to create, with its name and value to copy.
    let box = form.getByTestId("domain-verification");
    await expect(box).toContainText(`Your site does not answer at ${domain} yet.`);
    const name = box.getByLabel("TXT record name");
    const value = box.getByLabel("TXT record value");
    await expect(name).toHaveValue(`_nelly.${domain}`);
    await expect(value).toHaveValue(/^nelly-verify=[0-9a-f]{32}$/);
    const record = { name: await name.inputValue(), value: await value.inputValue() };
    await expect(form.getByTestId("domain-status")).toHaveCount(0);
    await expectNoSeriousViolations(page, "domain claimed, not verified");

    // Verified before the record exists: told which record is missing, nothing changes.
    await box.getByRole("button", { name: "Verify domain" }).click();
    await expect(box.getByRole("alert")).toContainText(
      `We cannot find the TXT record ${record.name} with the value ${record.value} yet.`,
    );

    // In Spanish, after a reload: the same claim, the same record.
    await page.evaluate(() => localStorage.setItem("nelly.lang", "es"));
    await page.reload();
    form = page.getByRole("main").getByRole("form", { name: "Dominio propio" });
    box = form.getByTestId("domain-verification");
    await expect(box).toContainText(`Tu sitio aún no responde en ${domain}.`);
    await expect(box.getByLabel("Valor del registro TXT")).toHaveValue(record.value);
    const verify = box.getByRole("button", { name: "Verificar dominio" });
    // A double click asks once (a walk's: twice, each a DNS lookup of seconds).
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/domain/verify")) asked.push(request.method());
    });
    await verify.dblclick();
    await expect(box.getByRole("alert")).toContainText(
      `Aún no encontramos el registro TXT ${record.name} con el valor ${record.value}.`,
    );
    expect(asked).toEqual(["POST"]);

    // The owner creates it in their DNS and verifies again: the domain now serves the site.
    dns.setTxt(record.name, record.value);
    await verify.click();
    await expect(toast(page, `Dominio verificado: tu sitio ya responde en ${domain}.`)).toBeVisible();
    await expect(box).toHaveCount(0);
    await expect(form.getByTestId("domain-status")).toContainText(`Verificado: tu sitio responde en ${domain}`);
    // What is stored, and what the TLS proxy is told.
    const stored = await (await owner.api.get(`/api/landings/${owner.id}/${landing.id}`)).json();
    expect(stored).toMatchObject({ custom_domain: domain, custom_domain_verified: true, custom_domain_record: null });
    expect((await owner.api.get(`/api/custom-domain-check?domain=${domain}`)).status()).toBe(200);
    // Read again after a reload: still verified.
    await page.reload();
    await expect(form.getByTestId("domain-status")).toBeVisible();
    await expect(form.getByTestId("domain-verification")).toHaveCount(0);

    // Another domain in its place would take the site off this one: asked first (a walk's finding).
    await form.getByLabel("Dominio", { exact: true }).fill(`www.${domain}`);
    await form.getByRole("button", { name: "Guardar dominio" }).click();
    const replace = page.getByRole("dialog", { name: "¿Cambiar el dominio propio?" });
    await expect(replace).toContainText(`Tu sitio dejará de responder en ${domain} en cuanto guardes`);
    await page.keyboard.press("Escape");
    await expect(replace).toBeHidden();
    const kept = await (await owner.api.get(`/api/landings/${owner.id}/${landing.id}`)).json();
    expect(kept).toMatchObject({ custom_domain: domain, custom_domain_verified: true });
  } finally {
    await dns.close();
  }
});
