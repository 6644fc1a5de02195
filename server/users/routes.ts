import { AVATAR_MAX_BYTES } from "@domain/limits";
import { issuedSessionSchema, userLanguageSchema, userSchema, userUpdateSchema } from "@domain/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { presentSessionTimes } from "../auth";
import { ownerRoute } from "../http/access";
import { assertSelf, ownerIdOf, ownerOf, setSessionCookie } from "../http/auth";
import { t } from "../http/language";
import { parseFields, readForm } from "../http/multipart";
import { errorResponses, idParam, messageSchema } from "../http/schemas";
import { presentUser } from "./presenter";
import { setUserLanguage, updateUser } from "./service";

const tags = ["Users"];
const params = z.object({ id: idParam });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/users/:id",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary: "The signed-in owner's profile",
        params,
        response: { 200: userSchema, 401: errorResponses[401], 403: errorResponses[403] },
      },
    },
    async (request) => {
      assertSelf(request, request.params.id);
      return presentUser(ownerOf(request).user, app.deps.storage.url);
    },
  );

  app.put(
    "/users/:id/language",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Saves the dashboard's language (es or en): the owner's emails about their bookings and their calendar feed are written in it",
        params,
        body: userLanguageSchema,
        response: {
          200: z.object({ user: userSchema }),
          401: errorResponses[401],
          403: errorResponses[403],
          422: errorResponses[422],
        },
      },
    },
    async (request) => {
      assertSelf(request, request.params.id);
      const user = await setUserLanguage(app.deps.db, ownerIdOf(request), request.body.language);
      return { user: presentUser(user, app.deps.storage.url) };
    },
  );

  app.post(
    "/users-update/:id",
    {
      config: ownerRoute,
      schema: {
        tags,
        summary:
          "Updates the profile (multipart: name, email, phone, password, password_confirmation, current_password, avatar, updated_at); a new password or email needs current_password; a profile saved since `updated_at` answers 409",
        description:
          "A new email is told to the account's previous address, a new password alone to its address, in the owner's language: an email queued with the change, never to the new address and never with the password.",
        consumes: ["multipart/form-data", "application/json"],
        params,
        response: {
          200: z.object({
            message: z.string(),
            user: userSchema,
            session: issuedSessionSchema.nullable(),
          }),
          401: errorResponses[401],
          403: errorResponses[403],
          409: messageSchema,
          422: errorResponses[422],
          429: messageSchema,
        },
      },
    },
    async (request, reply) => {
      assertSelf(request, request.params.id);
      const form = await readForm(request, { avatar: { maxBytes: AVATAR_MAX_BYTES } });
      const input = parseFields(userUpdateSchema, form.fields);
      const { user, newSession } = await updateUser(app.deps, ownerIdOf(request), input, form.files.avatar, request.ip);
      if (newSession) setSessionCookie(request, reply, newSession);
      return {
        message: t(request, "userUpdated"),
        user: presentUser(user, app.deps.storage.url),
        session: newSession && { token: newSession.token, ...presentSessionTimes(newSession) },
      };
    },
  );
};
