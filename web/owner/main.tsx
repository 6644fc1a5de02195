import "@fontsource-variable/inter";
import "../ui/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18nReady } from "../i18n/setup";
import { onUnauthorized } from "../lib/api";
import { App } from "./app";
import { endExpiredSession } from "./auth/end-session";
import { router } from "./router";

// Any 401 means the server no longer knows this owner: sign out locally and go to the login page.
onUnauthorized(() => endExpiredSession((path) => void router.navigate(path, { replace: true })));

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
/** When the strings cannot arrive (offline, a deploy replaced them), say so in both languages. */
function showLoadFailure(root: HTMLElement) {
  const message = document.createElement("p");
  message.setAttribute("role", "alert");
  message.style.cssText = "max-width:32rem;margin:4rem auto;padding:0 1rem;font:1rem/1.5 system-ui,sans-serif";
  message.textContent =
    "No se pudo cargar Nelly. Revisa tu conexión y recarga la página. · Nelly could not load. Check your connection and reload the page.";
  root.replaceChildren(message);
}

// The owner's language arrives first (a chunk of its own), so no screen shows raw keys.
i18nReady.then(
  () =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  () => showLoadFailure(container),
);
