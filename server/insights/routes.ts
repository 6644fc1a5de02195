import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ownerRoute } from "../http/access";
import { ownerIdOf } from "../http/auth";
import { errorResponses, messageSchema } from "../http/schemas";
import { loadCharts } from "./charts";
import { funnelPeriod, loadFunnel } from "./funnel";
import { chartsResponse, funnelQuery, funnelResponse, scopeQuery, summaryResponse } from "./schemas";
import { type ScopedLanding, scopeOf } from "./scope";
import { loadSummary } from "./summary";

const tags = ["Insights"];
const responses = { ...errorResponses, 404: messageSchema };

const presentLanding = (landing: ScopedLanding) => ({
  id: landing.id,
  name: landing.name,
  display_name: landing.displayName,
  currency: landing.currency,
  time_zone: landing.timeZone,
  today: landing.today,
});

/** The home page's figures, charts and the visits funnel (issue 11), for one landing or all of them. */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/insights/summary",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Pickups and returns today and tomorrow, pending reservations, bookings made this month against last, revenue by pickup this month against last and confirmed revenue still ahead (per currency), and fleet utilisation",
        querystring: scopeQuery,
        response: { 200: summaryResponse, ...responses },
      },
    },
    async (request) => {
      const now = app.deps.clock.now();
      const scope = await scopeOf(app.deps.db, ownerIdOf(request), now, request.query.landing);
      return { landings: scope.map(presentLanding), ...(await loadSummary(app.deps.db, scope, now)) };
    },
  );

  app.get(
    "/insights/charts",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Bookings per day for the last 30 days (public and manual) and confirmed revenue per pickup month for the last 12 months and the next 3, per landing",
        querystring: scopeQuery,
        response: { 200: chartsResponse, ...responses },
      },
    },
    async (request) => {
      const now = app.deps.clock.now();
      const scope = await scopeOf(app.deps.db, ownerIdOf(request), now, request.query.landing);
      return loadCharts(app.deps.db, scope, now);
    },
  );

  app.get(
    "/insights/funnel",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Page views of home, list, vehicle and review, and the public bookings made, for a period (default the last 30 days, at most 366)",
        querystring: funnelQuery,
        response: { 200: funnelResponse, ...responses },
      },
    },
    async (request) => {
      const now = app.deps.clock.now();
      const scope = await scopeOf(app.deps.db, ownerIdOf(request), now, request.query.landing);
      const period = funnelPeriod(scope, now, request.query.from, request.query.to);
      return loadFunnel(app.deps.db, scope, period);
    },
  );
};
