import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { type PasswordResetLimits, passwordResetLimits, signUpLimit } from "./auth/hourly-limits";
import { passwordResetRoutes } from "./auth/password-reset-routes";
import { authRoutes } from "./auth/routes";
import { calendarRoutes } from "./calendar/routes";
import { counterRoutes, documentRoutes, expressRoutes, startExpressReminders, startPhotoSweep } from "./counter";
import { customerRoutes } from "./customers";
import type { AppDeps } from "./deps";
import { deskRoutes } from "./desk/routes";
import { featureRoutes } from "./features/routes";
import { type RouteAccess, registerAccessControl } from "./http/access";
import { AfterReply } from "./http/after-reply";
import { registerCsrfCheck } from "./http/auth";
import { CLIENT_TIMEOUTS, type ClientTimeouts, createTimedServer, registerBodyDeadline } from "./http/client-timeouts";
import { clientErrors, frameworkErrors, HttpError, registerErrorHandler } from "./http/errors";
import { healthRoutes } from "./http/health";
import { registerJsonBodyParser } from "./http/json-body";
import { BROTLI_OPTIONS, ENCODINGS, KeptAnswers } from "./http/kept-answers";
import { withRedactedSecrets } from "./http/logging";
import { openApiOptions } from "./http/openapi";
import { registerOwnerApp } from "./http/owner-app";
import { registerSecurityHeaders } from "./http/security";
import { insightsRoutes } from "./insights/routes";
import { watchAvailability } from "./landings/availability-versions";
import { landingDomainRoutes } from "./landings/domain-routes";
import { watchLandingChanges } from "./landings/recent-lookups";
import { landingRoutes } from "./landings/routes";
import { connectRedis, databaseCounters, redisCounters } from "./limits/counters";
import { hourlyCount } from "./limits/hourly";
import { type ReservationSlots, reservationSlots } from "./limits/reservation-slots";
import { sharedStore } from "./limits/shared-store";
import { liveRoutes } from "./live/routes";
import { locationRoutes } from "./locations/routes";
import { createMailTransport, type MailTransport } from "./mail/transport";
import { MailWorker } from "./mail/worker";
import { moneyRoutes, paymentRoutes, paymentWebhookRoutes, startPaymentSweep } from "./payments";
import { plannerRoutes } from "./planner/routes";
import { bookingRoutes, publicRoutes } from "./public/routes";
import { reservationRoutes } from "./reservations/routes";
import { readPublicAssets } from "./ssr/assets";
import { sendNotFoundPage } from "./ssr/not-found";
import type { PublicRenderer } from "./ssr/page-types";
import { RenderThreads } from "./ssr/render-threads";
import { registerPublicSite } from "./ssr/routes";
import { registerSeoFiles } from "./ssr/seo-files";
import { PRIVATE_FOLDER } from "./storage";
import { userRoutes } from "./users/routes";
import { vehicleRoutes } from "./vehicles/routes";
import { vehicleRulesRoutes } from "./vehicles/rules-routes";

export type BuildOptions = {
  logger?: FastifyServerOptions["logger"];
  /** Sends the mail outbox in the background (the server does; tests run rounds themselves). */
  mailWorker?: boolean;
  mailTransport?: MailTransport;
  /** Renders the public pages: web/public/render.tsx unless a test brings a stand-in. */
  publicRenderer?: PublicRenderer;
  /**
   * The public pages' render threads (server/ssr/render-threads.ts): their file and how many;
   * without them each page renders on the server's thread, as in the tests.
   */
  renderThreads?: { file: URL; count: number };
  /** Where the built dashboard lives; the config's WEB_DIR unless a test says otherwise. */
  webDir?: string;
  /** How long clients may take to send a request; CLIENT_TIMEOUTS unless a test shortens one. */
  clientTimeouts?: ClientTimeouts;
  /**
   * The background rounds: lapses unpaid bookings and retries refunds, and sends express pickup's
   * reminders (tests run them themselves).
   */
  paymentSweep?: boolean;
};

export async function buildApp(deps: AppDeps, options: BuildOptions = {}) {
  const timeouts = options.clientTimeouts ?? CLIENT_TIMEOUTS;
  // Public pages kept whole are answered before Fastify sees the request (kept-answers.ts).
  const keptAnswers = new KeptAnswers(deps.config.trustProxy);
  const app = Fastify({
    // Request URLs are logged, never the secrets some carry, nor credential headers.
    logger: withRedactedSecrets(options.logger ?? false),
    trustProxy: deps.config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: deps.config.trustProxy ? "x-request-id" : false,
    return503OnClosing: true,
    // Fastify's default, 10 s a plugin, was once reached on a starved machine (a clean clone's
    // CI beside a second install and browser): PGlite's own start shares this thread. A plugin
    // that hangs still stops the start, after a minute.
    pluginTimeout: 60_000,
    bodyLimit: 1024 * 1024,
    // Slow clients cannot hold sockets: headers, whole requests, idle and kept-alive connections.
    serverFactory: (handler) =>
      createTimedServer(timeouts, (request, response) => {
        if (!keptAnswers.answer(request, response)) handler(request, response);
      }),
    // A URL Fastify cannot even route (a broken %-escape) still gets our translated { message }.
    frameworkErrors,
    // So does a request Node refuses before Fastify (headers over 16 KB, too slow, unreadable).
    clientErrorHandler: clientErrors,
  }).withTypeProvider();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("deps", deps);
  app.decorate("keptAnswers", keptAnswers);
  keptAnswers.attach(app.log, (hook) => app.addHook("preClose", async () => hook()));
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  watchLandingChanges(app);
  watchAvailability(app);

  const mailWorker = new MailWorker(deps.db, deps.clock, options.mailTransport ?? createMailTransport(deps.config), {
    from: deps.config.mailFrom,
    log: app.log,
    readFile: (path) => deps.storage.get(path),
  });
  app.decorate("mailWorker", mailWorker);
  const afterReply = new AfterReply(app.log);
  app.decorate("afterReply", afterReply);
  // Before the mail worker stops and the database closes, the work after answers ends.
  app.addHook("preClose", async () => {
    await afterReply.settled();
  });
  if (options.mailWorker !== false) app.addHook("onReady", async () => mailWorker.start());
  app.addHook("onClose", async () => mailWorker.stop());
  if (options.paymentSweep !== false) {
    startPaymentSweep(app);
    startExpressReminders(app);
    startPhotoSweep(app);
  }

  registerErrorHandler(app);
  registerJsonBodyParser(app);
  // Before any route, so every body has its deadline; an owner's upload is released from it.
  registerBodyDeadline(app, timeouts);
  registerSecurityHeaders(app, deps.config.publicBaseUrl.startsWith("https://"), deps.storage.publicOrigin);
  // Pages, scripts, styles and JSON travel compressed (brotli or gzip): public pages are for phones
  // on slow networks. Images are already compressed and skipped.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 20 } });
  registerCsrfCheck(app);

  await app.register(fastifySwagger, openApiOptions(deps.config.publicBaseUrl));
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  // Rate limits are counted where every instance sees them (issue 13).
  const counters = deps.config.redisUrl
    ? redisCounters(
        await connectRedis(deps.config.redisUrl, (error) => app.log.warn({ err: error }, "Redis: connection error")),
      )
    : databaseCounters(deps.db);
  app.addHook("onClose", () => counters.close());
  const countHourly = hourlyCount(counters, deps.clock, (error) =>
    app.log.warn({ err: error }, "hourly limit: count unavailable"),
  );
  app.decorate("passwordResetLimits", passwordResetLimits(countHourly));
  app.decorate("takeSignUp", signUpLimit(countHourly, deps.config.signUpRateLimit));
  app.decorate(
    "reservationSlots",
    reservationSlots(counters, deps.clock, deps.config.reservationRateLimit, (error) =>
      app.log.warn({ err: error }, "reservation flood limit: count unavailable"),
    ),
  );

  const routeTable: RouteAccess[] = [];
  app.decorate("routeTable", routeTable);
  await app.register(
    async (api) => {
      registerAccessControl(api, routeTable);
      await api.register(fastifyRateLimit, {
        max: deps.config.rateLimitPerMinute,
        timeWindow: "1 minute",
        store: sharedStore(counters, deps.clock),
        errorResponseBuilder: () => new HttpError(429, "tooManyRequests"),
      });
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(passwordResetRoutes);
      await api.register(userRoutes);
      await api.register(landingRoutes);
      await api.register(landingDomainRoutes);
      await api.register(vehicleRoutes);
      await api.register(vehicleRulesRoutes);
      await api.register(featureRoutes);
      await api.register(locationRoutes);
      await api.register(publicRoutes);
      await api.register(bookingRoutes);
      await api.register(reservationRoutes);
      await api.register(counterRoutes);
      await api.register(documentRoutes);
      await api.register(expressRoutes);
      await api.register(customerRoutes);
      await api.register(paymentRoutes);
      await api.register(moneyRoutes);
      await api.register(paymentWebhookRoutes);
      await api.register(plannerRoutes);
      await api.register(deskRoutes);
      await api.register(insightsRoutes);
      await api.register(calendarRoutes);
      await api.register(liveRoutes);
    },
    { prefix: "/api" },
  );

  // Local uploads are served here; S3's are fetched by browsers from the bucket's own address.
  if (deps.config.storage.driver === "local") {
    fs.mkdirSync(deps.config.storageDir, { recursive: true });
    await app.register(async (storage) => {
      // Uploaded pictures are shown from other origins: the emails' logo and cover in a webmail
      // page, link previews. Helmet's same-origin resource policy would leave them blank there.
      storage.addHook("onRequest", async (request, reply) => {
        // Licences, agreements and invoices are read only through their owner's routes.
        if (request.url.startsWith(`/storage/${PRIVATE_FOLDER}/`)) throw new HttpError(404, "notFound");
        reply.header("cross-origin-resource-policy", "cross-origin");
      });
      await storage.register(fastifyStatic, {
        root: deps.config.storageDir,
        prefix: "/storage/",
        decorateReply: false,
        // Stored files get random names and are never rewritten, so they can be cached for good.
        immutable: true,
        maxAge: "365d",
      });
    });
  }
  const webDir = options.webDir ?? deps.config.webDir;
  await registerOwnerApp(app, webDir);
  await registerSeoFiles(app);
  const { publicRenderer, renderThreads } = options;
  const assets = readPublicAssets(webDir);
  const threads =
    renderThreads && renderThreads.count > 0
      ? new RenderThreads({ ...renderThreads, assets, log: app.log })
      : undefined;
  if (threads) app.addHook("onClose", () => threads.close());
  app.decorate("renderThreads", threads ?? null);
  await registerPublicSite(app, {
    // web/public/render.tsx (React's server renderer and every page) loads with the first page, not at start-up.
    loadRenderer: publicRenderer ? async () => publicRenderer : () => import("@web/public/render"),
    assets,
    threads,
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api" || request.method !== "GET") {
      throw new HttpError(404, "notFound");
    }
    return sendNotFoundPage(request, reply);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module "fastify" {
  interface FastifyInstance {
    mailWorker: MailWorker;
    keptAnswers: KeptAnswers;
    /** The threads public pages render on, when the server has them. */
    renderThreads: RenderThreads | null;
    reservationSlots: ReservationSlots;
    passwordResetLimits: PasswordResetLimits;
    /** Counts a sign-up from an address, or refuses it (429) once its hour is full. */
    takeSignUp(address: string): Promise<void>;
    afterReply: AfterReply;
  }
}
