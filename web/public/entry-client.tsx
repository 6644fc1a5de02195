import { hydrateRoot } from "react-dom/client";
import { PublicApp } from "./app";
import "./styles.css";
import type { Dictionary } from "./i18n/es";
import { PAGE_LOADERS } from "./pages";
import type { PublicPageData } from "./types";

const DICTIONARIES: Record<PublicPageData["language"], () => Promise<Dictionary>> = {
  es: () => import("./i18n/es").then((module) => module.es),
  en: () => import("./i18n/en").then((module) => module.en),
};

/** Hydrates the server's markup with the data embedded beside it, loading only this page and language. */
async function start() {
  const script = document.getElementById("nelly-data");
  const root = document.getElementById("root");
  if (!script?.textContent || !root) return;
  const data = JSON.parse(script.textContent) as PublicPageData;
  const [Page, t] = await Promise.all([PAGE_LOADERS[data.page.kind](), DICTIONARIES[data.language]()]);
  hydrateRoot(root, <PublicApp data={data} Page={Page} t={t} />);
  // Controls that only work with JavaScript (carousel arrows, instant filters) show from here on.
  document.documentElement.classList.add("hydrated");
}

void start();
