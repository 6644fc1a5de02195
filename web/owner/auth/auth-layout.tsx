import { BrandLogo } from "@web/ui/brand-logo";
import { LanguageSwitch } from "@web/ui/language-switch";
import { CarFront, Eye, Palette } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { noteSignedOutChoice } from "./owner-language";

const HIGHLIGHTS = [
  { key: "brand", icon: Palette },
  { key: "fleet", icon: CarFront },
  { key: "preview", icon: Eye },
] as const;

/** Login and sign-up: the form on the left, what Nelly does on the right (desktop only). */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-white lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <div className="flex min-h-dvh flex-col px-4 py-4 sm:px-10 sm:py-6">
        <header className="flex items-center justify-between gap-4">
          <BrandLogo />
          <LanguageSwitch onChoose={noteSignedOutChoice} />
        </header>
        <main className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-sm">
            <Outlet />
          </div>
        </main>
        <footer className="text-center text-xs text-gray-600 lg:text-left">
          © {new Date().getFullYear()} Nelly · {t("auth.footer")}
        </footer>
      </div>
      <aside className="relative hidden overflow-hidden bg-brand-700 lg:flex lg:flex-col lg:justify-center lg:px-16 xl:px-24">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_top_right,var(--color-brand-600),transparent_55%),radial-gradient(circle_at_bottom_left,var(--color-brand-900),transparent_60%)]"
        />
        <div className="relative max-w-lg text-white">
          <h2 className="text-4xl leading-tight font-semibold tracking-tight xl:text-5xl">{t("auth.panel.title")}</h2>
          <p className="mt-5 text-lg leading-8 text-brand-100">{t("auth.panel.body")}</p>
          <ul className="mt-12 flex flex-col gap-7">
            {HIGHLIGHTS.map(({ key, icon: Icon }) => (
              <li key={key} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/20">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold">{t(`auth.panel.${key}.title`)}</span>
                  <span className="mt-1 block text-sm leading-6 text-brand-100">{t(`auth.panel.${key}.body`)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}
