import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type Page,
  type TestInfo,
} from "@playwright/test";

/**
 * Playwright's `test`, with one difference: a journey's `page` is a tab the worker keeps, reset
 * between journeys, instead of a browser context and a tab made for each journey.
 *
 * Why: on two cores a fresh context cost the smallest journey 1.4 s of the machine's CPU (a new
 * renderer process, its V8, the dashboard's 100 scripts fetched and compiled again); in a kept tab
 * 0.7 s (docs/testing.md). Every journey still starts signed out with nothing stored: between
 * journeys the tab leaves the page it is on (its IndexedDB connections closed, a leave question
 * answered), and its origin's localStorage, sessionStorage and IndexedDB, the context's cookies and
 * permissions, and whatever the journey added to the tab (listeners, routes, init scripts, viewport,
 * media, offline) are taken away. What cannot be taken back discards the tab, and the next journey
 * gets a fresh one: a fake clock, a DevTools session, a context-wide init script, a second origin
 * visited, a tab closed or crashed, a failed journey (Playwright then starts a new worker anyway).
 * The browser's cache of the hashed scripts is kept: it is what a returning owner's browser has too.
 *
 * Journeys that make their own contexts (`browser.newContext()`, two owners at once) are as before.
 * `E2E_TRACE=1` turns the sharing off, so each journey's trace holds that journey alone.
 */
type TestFixtures = { tabOptions: BrowserContextOptions };
type WorkerFixtures = { keptTabs: KeptTabs };

/** A kept tab and what the journey using it changed, to be undone when it ends. */
type Tab = {
  key: string;
  context: BrowserContext;
  page: Page;
  /** The origin its pages were on; a journey that reaches a second one discards the tab. */
  origins: Set<string>;
  /** Set by what cannot be undone (a fake clock, a DevTools session, a context-wide init script). */
  discard: boolean;
  undo: (() => Promise<unknown>)[];
};

/** At most two kept tabs a worker (a desktop and a phone one, say), each a renderer in memory. */
const KEPT_TABS = 2;

class KeptTabs {
  private readonly idle = new Map<string, Tab>();

  constructor(private readonly browser: Browser) {}

  async take(options: BrowserContextOptions): Promise<Tab> {
    const key = JSON.stringify(options);
    const kept = this.idle.get(key);
    if (kept) {
      this.idle.delete(key);
      return kept;
    }
    const context = await this.browser.newContext(options);
    return { key, context, page: await context.newPage(), origins: new Set(), discard: false, undo: [] };
  }

  async give(tab: Tab) {
    this.idle.set(tab.key, tab);
    for (const [key, oldest] of this.idle) {
      if (this.idle.size <= KEPT_TABS) break;
      this.idle.delete(key);
      await oldest.context.close();
    }
  }

  async closeAll() {
    await Promise.all([...this.idle.values()].map((tab) => tab.context.close()));
    this.idle.clear();
  }
}

/** Playwright's pages and contexts are Node-style event emitters; their types say less. */
type Emitter = {
  eventNames(): (string | symbol)[];
  rawListeners(name: string | symbol): unknown[];
  removeListener(name: string | symbol, listener: unknown): unknown;
};

/** Takes away the listeners added to `target` after this call (a journey's `page.on(...)`). */
function listenersSince(target: Page | BrowserContext): () => void {
  const emitter = target as unknown as Emitter;
  const before = new Map(emitter.eventNames().map((name) => [name, new Set(emitter.rawListeners(name))]));
  return () => {
    for (const name of emitter.eventNames()) {
      for (const listener of emitter.rawListeners(name)) {
        if (!before.get(name)?.has(listener)) emitter.removeListener(name, listener);
      }
    }
  };
}

/**
 * Wraps the methods a journey may call on its tab whose effect outlives the journey, so each is
 * undone (or the tab discarded) at its end. The wrappers are taken off again by `forget`.
 */
function watch(tab: Tab, options: BrowserContextOptions): () => void {
  const { page, context } = tab;
  const patched: [object, string, unknown][] = [];
  const patch = <T extends object>(target: T, name: string, wrap: (original: never) => unknown) => {
    const original = (target as Record<string, unknown>)[name];
    patched.push([target, name, original]);
    (target as Record<string, unknown>)[name] = wrap(
      (original as (...args: unknown[]) => unknown).bind(target) as never,
    );
  };
  const disposing =
    (original: (...args: unknown[]) => Promise<{ dispose: () => Promise<void> }>) =>
    async (...args: unknown[]) => {
      const disposable = await original(...args);
      tab.undo.push(() => disposable.dispose());
      return disposable;
    };
  const discarding =
    (original: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      tab.discard = true;
      return original(...args);
    };
  patch(page, "addInitScript", disposing);
  patch(page, "exposeFunction", disposing);
  patch(page, "exposeBinding", disposing);
  patch(context, "addInitScript", discarding);
  patch(context, "exposeFunction", discarding);
  patch(context, "exposeBinding", discarding);
  // What a journey sets through the DevTools protocol (the text size, say) stays with the tab.
  patch(context, "newCDPSession", discarding);
  for (const name of ["install", "setFixedTime", "setSystemTime", "runFor", "fastForward", "pauseAt"]) {
    patch(page.clock, name, discarding);
  }
  patch(page, "setViewportSize", (original: (size: unknown) => Promise<void>) => (size: unknown) => {
    tab.undo.push(() => page.setViewportSize(options.viewport ?? { width: 1280, height: 720 }));
    return original(size);
  });
  patch(page, "emulateMedia", (original: (media: unknown) => Promise<void>) => (media: unknown) => {
    tab.undo.push(() =>
      page.emulateMedia({
        media: null,
        colorScheme: options.colorScheme ?? "light",
        reducedMotion: options.reducedMotion ?? "no-preference",
        forcedColors: options.forcedColors ?? "none",
        contrast: options.contrast ?? "no-preference",
      }),
    );
    return original(media);
  });
  const onNavigated = (frame: ReturnType<Page["mainFrame"]>) => {
    if (frame !== page.mainFrame()) return;
    const { origin } = new URL(frame.url());
    if (origin !== "null") tab.origins.add(origin);
  };
  page.on("framenavigated", onNavigated);
  return () => {
    page.off("framenavigated", onNavigated);
    for (const [target, name, original] of patched.reverse()) (target as Record<string, unknown>)[name] = original;
  };
}

/**
 * Leaves the tab as a new journey expects it, or says it cannot: back on its own origin with
 * nothing stored, nothing added to it, and no other tab open beside it.
 */
async function reset(tab: Tab, options: BrowserContextOptions, testInfo: TestInfo): Promise<boolean> {
  const { page, context } = tab;
  for (const other of context.pages()) if (other !== page) await other.close();
  if (tab.discard || page.isClosed() || testInfo.status !== testInfo.expectedStatus || tab.origins.size > 1) {
    return false;
  }
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.unrouteAll({ behavior: "ignoreErrors" });
  for (const undo of tab.undo.splice(0).reverse()) await undo();
  const [origin] = tab.origins;
  if (origin) {
    // Leaving the app's page closes its IndexedDB connections (a database is not deleted while
    // one is open) and ends its polls; a form's "leave this page?" is answered yes. The favicon is
    // on the app's own origin, so the tab keeps its renderer.
    const leave = (dialog: { accept: () => Promise<void> }) => dialog.accept().catch(() => {});
    page.on("dialog", leave);
    await page.goto(new URL("/favicon.svg", origin).toString());
    page.off("dialog", leave);
    // The pointer leaves the window, so the next page hovers nothing where the last one was pressed.
    await page.mouse.move(-1, -1);
    await page.evaluate(async () => {
      localStorage.clear();
      sessionStorage.clear();
      const databases = await indexedDB.databases();
      await Promise.all(
        databases.map(
          ({ name }) =>
            new Promise((settled) => {
              if (!name) return settled(null);
              const request = indexedDB.deleteDatabase(name);
              request.onsuccess = request.onerror = request.onblocked = settled;
            }),
        ),
      );
    });
  }
  await context.clearCookies();
  await context.clearPermissions();
  if (options.permissions?.length) await context.grantPermissions(options.permissions);
  await context.setOffline(options.offline ?? false);
  await context.setExtraHTTPHeaders(options.extraHTTPHeaders ?? {});
  await context.setGeolocation(options.geolocation ?? null);
  tab.origins.clear();
  if (origin) tab.origins.add(origin);
  return true;
}

const keptTabTest = base.extend<TestFixtures, WorkerFixtures>({
  keptTabs: [
    async ({ browser }, use) => {
      const tabs = new KeptTabs(browser);
      await use(tabs);
      await tabs.closeAll();
    },
    { scope: "worker" },
  ],
  // The options Playwright's own context would be made with (its `_combinedContextOptions`). The
  // names are written twice because Playwright reads which fixtures a function wants from the
  // names in its destructured parameter: they cannot be gathered with a spread.
  tabOptions: async (
    {
      acceptDownloads,
      bypassCSP,
      colorScheme,
      contrast,
      deviceScaleFactor,
      extraHTTPHeaders,
      forcedColors,
      geolocation,
      hasTouch,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      proxy,
      reducedMotion,
      screen,
      storageState,
      timezoneId,
      userAgent,
      viewport,
      baseURL,
      serviceWorkers,
      contextOptions,
    },
    use,
  ) => {
    const given = {
      acceptDownloads,
      bypassCSP,
      colorScheme,
      contrast,
      deviceScaleFactor,
      extraHTTPHeaders,
      forcedColors,
      geolocation,
      hasTouch,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      proxy,
      reducedMotion,
      screen,
      storageState,
      timezoneId,
      userAgent,
      viewport,
      baseURL,
      serviceWorkers,
    };
    const defined = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    await use({ ...contextOptions, ...defined } as BrowserContextOptions);
  },
  context: async ({ keptTabs, tabOptions }, use, testInfo) => {
    const tab = await keptTabs.take(tabOptions);
    const forget = watch(tab, tabOptions);
    const dropPageListeners = listenersSince(tab.page);
    const dropContextListeners = listenersSince(tab.context);
    try {
      await use(tab.context);
    } finally {
      dropPageListeners();
      dropContextListeners();
      forget();
      const reusable = await reset(tab, tabOptions, testInfo).catch(() => false);
      if (reusable) await keptTabs.give(tab);
      else await tab.context.close().catch(() => {});
    }
  },
  // The kept tab is the context's one page when a journey starts (the reset closed any other).
  page: async ({ context }, use) => {
    await use(context.pages()[0] ?? (await context.newPage()));
  },
});

/** With `E2E_TRACE` set, Playwright's own fixtures: a context per journey, each traced alone. */
export const test = (process.env.E2E_TRACE ? base : keptTabTest) as typeof base;
