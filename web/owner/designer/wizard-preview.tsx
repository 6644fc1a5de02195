import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { BrowserFrame } from "../landings";
import { LandingPreview } from "./live-preview/landing-preview";

type WizardPreviewProps = {
  /** The business name as typed. */
  name: string;
  /** The public address, from the server's base ("reservas.example.com/autos-caribe"). */
  address: string;
  logo: File | null;
  colorPrimary: string;
  colorSecondary: string;
  language: string;
};

/** The landing's header and hero as the owner fills the wizard in: name, logo, colours, language. */
export function WizardPreview({ name, address, logo, colorPrimary, colorSecondary, language }: WizardPreviewProps) {
  const { t, i18n } = useTranslation("landings");
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!logo) {
      setLogoUrl(null);
      return;
    }
    const url = URL.createObjectURL(logo);
    setLogoUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  return (
    <BrowserFrame address={address}>
      <LandingPreview
        landing={{
          displayName: name,
          logo: logoUrl,
          color_primary: colorPrimary,
          color_secondary: colorSecondary,
          default_language: language,
        }}
        previewNote={{ text: t("preview.searchNote"), lang: i18n.language }}
      />
    </BrowserFrame>
  );
}
