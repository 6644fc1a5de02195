// How deep a public page's scripts are found (issue 29): the page is the first request, what it
// names (its <script> and <link rel="modulepreload">) the second; a script asked for only once
// another has arrived is a third, a round trip more on a slow phone. Read from Chromium's own
// record of who asked for each request (DevTools protocol, Network.requestWillBeSent).
import { chromium } from "@playwright/test";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

type Sent = {
  requestId: string;
  type?: string;
  request: { url: string };
  initiator: { type: string; url?: string; stack?: { callFrames: { url: string }[] } };
};

/** The deepest chain of requests before the page's scripts have all arrived (1: the page itself). */
export async function deepestScriptChain(url: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const depth = new Map<string, number>([[url, 1]]);
    let deepest = 1;
    cdp.on("Network.requestWillBeSent", (sent: Sent) => {
      if (sent.request.url === url) return;
      const by = sent.initiator.url ?? sent.initiator.stack?.callFrames[0]?.url ?? url;
      const level = (depth.get(by) ?? 1) + 1;
      depth.set(sent.request.url, level);
      if (sent.type === "Script") deepest = Math.max(deepest, level);
    });
    await page.goto(url, { waitUntil: "networkidle" });
    return deepest;
  } finally {
    await browser.close();
  }
}
