import { IDLE_REQUEST_HEADER, SESSION_EXTEND_STEP_MS } from "@domain/limits";
import { currentSessionSchema, loginSchema, registerSchema, sessionSchema } from "@domain/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerRoute, publicRoute } from "../http/access";
import { clearSessionCookie, ownerOf, setSessionCookie, setXsrfCookie } from "../http/auth";
import { HttpError, ValidationError } from "../http/errors";
import { t } from "../http/language";
import { errorResponses, messageSchema } from "../http/schemas";
import type { StorageUrl } from "../storage";
import { createUser, findUserByEmail, presentUser } from "../users";
import { knownBrowserOf, rememberBrowser } from "./known-browser";
import { clearAccountFailures, lockedOutMinutes, loginThrottle, recordFailure } from "./login-throttle";
import { decoyPasswordHash, verifyPassword } from "./passwords";
import { createSession, endSession, type IssuedSession, presentSessionTimes } from "./sessions";

const tags = ["Accounts and sessions"];

/** What signing in answers: the token, who signed in, and until when (domain/users.ts sessionSchema). */
export function sessionBody(session: IssuedSession, user: Parameters<typeof presentUser>[0], storageUrl: StorageUrl) {
  return {
    token: session.token,
    user_id: user.id,
    user: presentUser(user, storageUrl),
    ...presentSessionTimes(session),
  };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/sanctum/csrf-cookie",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Sets the XSRF-TOKEN cookie that browsers echo in X-XSRF-TOKEN",
        response: { 204: z.undefined().describe("The cookie is set (Set-Cookie); no body") },
      },
    },
    async (request, reply) => {
      setXsrfCookie(request, reply);
      return reply.status(204).send();
    },
  );

  app.post(
    "/register-nelly",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Creates an owner account and signs it in",
        body: registerSchema,
        response: { 201: sessionSchema, 422: errorResponses[422], 429: messageSchema },
      },
    },
    async (request, reply) => {
      const { db, clock } = app.deps;
      await app.takeSignUp(request.ip);
      const user = await createUser(db, request.body);
      const session = await createSession(db, user.id, clock.now());
      setSessionCookie(request, reply, session);
      return reply.status(201).send(sessionBody(session, user, app.deps.storage.url));
    },
  );

  app.post(
    "/login-nelly",
    {
      config: { ...publicRoute, rateLimit: false },
      schema: {
        tags,
        summary: "Signs an owner in; the session ends after an hour without activity, and after 12 hours at most",
        body: loginSchema,
        response: { 200: sessionSchema, 422: errorResponses[422], 429: messageSchema },
      },
    },
    async (request, reply) => {
      const { db, clock } = app.deps;
      const { email, password } = request.body;
      const user = await findUserByEmail(db, email);
      const knownBrowser = user ? knownBrowserOf(request, user.id) : null;
      const throttle = loginThrottle(email, request.ip, knownBrowser);
      const minutes = await lockedOutMinutes(db, throttle.checked, clock.now());
      if (minutes > 0) throw new HttpError(429, "tooManyAttempts", { minutes });

      const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
      if (!user || !matches) {
        await recordFailure(db, throttle.recorded, clock.now());
        throw ValidationError.field("email", "invalidCredentials");
      }
      await clearAccountFailures(db, email, knownBrowser);
      rememberBrowser(request, reply, user.id);
      const session = await createSession(db, user.id, clock.now());
      setSessionCookie(request, reply, session);
      return sessionBody(session, user, app.deps.storage.url);
    },
  );

  app.post(
    "/nelly-logout",
    {
      config: ownerRoute,
      schema: { tags, summary: "Ends the current session", response: { 200: messageSchema, 401: errorResponses[401] } },
    },
    async (request, reply) => {
      await endSession(app.deps.db, ownerOf(request).sessionId);
      clearSessionCookie(reply);
      return { message: t(request, "loggedOut") };
    },
  );

  app.get(
    "/session",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "The current session: who is signed in and until when",
        description: `Like every owner call, this one moves the end of the session an hour ahead (at most once every ${SESSION_EXTEND_STEP_MS / 1000} s, never past \`absolute_expires_at\`), unless it carries \`${IDLE_REQUEST_HEADER}: 1\`: the dashboard sends that header on the calls it makes while nobody touches the page, so an open tab alone keeps no session open.`,
        response: { 200: currentSessionSchema, 401: errorResponses[401] },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      return {
        user_id: owner.user.id,
        user: presentUser(owner.user, app.deps.storage.url),
        ...presentSessionTimes(owner),
      };
    },
  );
};
