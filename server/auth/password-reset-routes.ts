import {
  PASSWORD_RESET_EMAILS_PER_ACCOUNT,
  PASSWORD_RESET_REQUESTS_PER_ADDRESS,
  PASSWORD_RESET_TTL_MS,
} from "@domain/limits";
import { forgotPasswordSchema, resetPasswordSchema, resetTokenSchema, sessionSchema } from "@domain/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicRoute } from "../http/access";
import { setSessionCookie } from "../http/auth";
import { requestLanguage, t } from "../http/language";
import { errorResponses, messageSchema } from "../http/schemas";
import { findResetAccount, RESET_PAGE_PATH, resetPassword, sendPasswordResetLink } from "./password-reset";
import { sessionBody } from "./routes";

const tags = ["Accounts and sessions"];

/** Forgot password (issue 25.20): ask for an emailed link, check it, choose a new password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/forgot-password",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Emails a link to choose a new password, when the email has an account",
        description: `Always the same 202, whether or not the email has an account: the lookup and the email happen after the answer. The link opens \`${RESET_PAGE_PATH}?t=...\`, works once, for ${PASSWORD_RESET_TTL_MS / 60_000} minutes, and is written in the language of the request (Accept-Language). One address may ask ${PASSWORD_RESET_REQUESTS_PER_ADDRESS} times an hour (then 429); one account gets at most ${PASSWORD_RESET_EMAILS_PER_ACCOUNT} emails an hour.`,
        body: forgotPasswordSchema,
        response: { 202: messageSchema, 422: errorResponses[422], 429: messageSchema },
      },
    },
    async (request, reply) => {
      await app.passwordResetLimits.takeRequest(request.ip);
      const work = { email: request.body.email, language: requestLanguage(request) };
      app.afterReply.run(reply, () => sendPasswordResetLink(app.deps, app.passwordResetLimits, work));
      return reply.status(202).send({ message: t(request, "passwordResetSent") });
    },
  );

  app.post(
    "/reset-password/check",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Whether an emailed link still works, and for which account",
        description: "Lets the page say at once that a link expired or was used, before a new password is typed.",
        body: resetTokenSchema,
        response: { 200: z.object({ email: z.string() }), 422: errorResponses[422] },
      },
    },
    async (request) => ({ email: (await findResetAccount(app.deps, request.body.token)).email }),
  );

  app.post(
    "/reset-password",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Sets a new password from an emailed link and signs the owner in",
        description:
          "The link stops working, every session of the account ends, its login lockout is lifted, a notice that the password changed is emailed to the account's address (in the owner's language), and a new session is answered (and set as the cookie).",
        body: resetPasswordSchema,
        response: { 200: sessionSchema, 422: errorResponses[422] },
      },
    },
    async (request, reply) => {
      const { user, session } = await resetPassword(app.deps, request.body);
      setSessionCookie(request, reply, session);
      return sessionBody(session, user, app.deps.storage.url);
    },
  );
};
