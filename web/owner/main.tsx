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
// The owner's language arrives first (a chunk of its own), so no screen shows raw keys.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
