import { describe, expect, it } from "vitest";
import { contactLinks, telLink } from "./contact-links";

describe("contact links (issue 10)", () => {
  it("dials the digits, keeping an international +", () => {
    expect(telLink("+1 (809) 555-0101")).toBe("tel:+18095550101");
    expect(telLink("809.555.0101")).toBe("tel:8095550101");
    expect(telLink("  ")).toBeNull();
  });

  it("opens WhatsApp with the message written, and gives nothing without numbers", () => {
    const links = contactLinks(
      { contact_phone: "", whatsapp: "+1 809 555 0199" },
      "Hola, Caribe Autos: me interesa el Toyota Corolla del 02-03-2027 al 05-03-2027.",
    );
    expect(links.call).toBeNull();
    expect(links.whatsapp).toBe(
      "https://wa.me/18095550199?text=Hola%2C%20Caribe%20Autos%3A%20me%20interesa%20el%20Toyota%20Corolla%20del%2002-03-2027%20al%2005-03-2027.",
    );
    expect(contactLinks({ contact_phone: "", whatsapp: "" }, "x")).toEqual({ call: null, whatsapp: null });
  });
});
