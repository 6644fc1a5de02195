import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { startE2eDns } from "./support/dns";
import { createLanding, test, toast } from "./support/fleet";

// The tester's report: any owner could attach another's domain and be served on it. A domain now
// serves the landing only once its DNS holds the TXT record Nelly gives the claim.
// One after the other: the DNS stand-in's port is fixed (e2e/support/dns.ts).
test.describe.configure({ mode: "serial" });
for (const language of ["es", "en"] as const) {
  test(`an owner claims their domain, is shown the TXT record to create, and verifies it (${language})`, async ({
    page,
    signedInOwner,
  }) => {
    const es = language === "es";
    const dns = await startE2eDns();
    try {
      const owner = await signedInOwner(`domain-${language}`);
      const landing = await createLanding(owner, "Dominio");
      if (!es) await page.evaluate(() => localStorage.setItem("nelly.lang", "en"));
      await page.goto(`/view-landing/${landing.id}?tab=rules`);
      const form = page.getByRole("main").getByRole("form", { name: es ? "Dominio propio" : "Custom domain" });
      const domain = `reservas-${language}-${Date.now()}.flotasol.com`;
      await form.getByLabel(es ? "Dominio" : "Domain", { exact: true }).fill(domain);
      await form.getByRole("button", { name: es ? "Guardar dominio" : "Save domain" }).click();
      await expect(toast(page, es ? "Dominio propio guardado." : "Custom domain saved.")).toBeVisible();

      // Not served yet: the record to create, with its name and value to copy.
      const box = form.getByTestId("domain-verification");
      await expect(box).toContainText(
        es ? `Tu sitio aún no responde en ${domain}.` : `Your site does not answer at ${domain} yet.`,
      );
      const name = box.getByLabel(es ? "Nombre del registro TXT" : "TXT record name");
      const value = box.getByLabel(es ? "Valor del registro TXT" : "TXT record value");
      await expect(name).toHaveValue(`_nelly.${domain}`);
      await expect(value).toHaveValue(/^nelly-verify=[0-9a-f]{32}$/);
      await expect(form.getByTestId("domain-status")).toHaveCount(0);
      await expectNoSeriousViolations(page, "domain claimed, not verified");

      // Verified before the record exists: told which record is missing, nothing changes.
      const verify = box.getByRole("button", { name: es ? "Verificar dominio" : "Verify domain" });
      await verify.click();
      await expect(box.getByRole("alert")).toContainText(
        es
          ? `Aún no encontramos el registro TXT _nelly.${domain} con el valor ${await value.inputValue()}.`
          : `We cannot find the TXT record _nelly.${domain} with the value ${await value.inputValue()} yet.`,
      );

      // The owner creates it in their DNS and verifies again: the domain now serves the site.
      dns.setTxt(await name.inputValue(), await value.inputValue());
      await verify.click();
      await expect(
        toast(
          page,
          es
            ? `Dominio verificado: tu sitio ya responde en ${domain}.`
            : `Domain verified: your site now answers at ${domain}.`,
        ),
      ).toBeVisible();
      await expect(box).toHaveCount(0);
      await expect(form.getByTestId("domain-status")).toContainText(
        es ? `Verificado: tu sitio responde en ${domain}` : `Verified: your site answers at ${domain}`,
      );
      // What is stored, and what the TLS proxy is told.
      const stored = await (await owner.api.get(`/api/landings/${owner.id}/${landing.id}`)).json();
      expect(stored).toMatchObject({ custom_domain: domain, custom_domain_verified: true, custom_domain_record: null });
      expect((await owner.api.get(`/api/custom-domain-check?domain=${domain}`)).status()).toBe(200);
      // Read again after a reload: still verified.
      await page.reload();
      await expect(form.getByTestId("domain-status")).toBeVisible();
      await expect(form.getByTestId("domain-verification")).toHaveCount(0);
    } finally {
      await dns.close();
    }
  });
}
