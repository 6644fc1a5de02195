import "@fontsource-variable/inter";
import "../ui/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18nReady } from "../i18n/setup";
import { onUnauthorized, setIdleCheck } from "../lib/api";
import { App } from "./app";
import { ownerIsActive, trackOwnerActivity } from "./auth/activity";
import { markSessionEnded } from "./auth/session-store";

// Any 401 means the server no longer honours this session: the owner signs in again over the page
// they are on (auth/session-expiry-dialog.tsx), so nothing they typed is lost (issue 25.3).
onUnauthorized(markSessionEnded);
// Calls made while nobody touches the page keep no session open (issue 25.3).
trackOwnerActivity();
setIdleCheck(() => !ownerIsActive());

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
