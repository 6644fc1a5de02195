import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AVATAR_MAX_BYTES } from "../../domain/limits";
import { userSchema, userUpdateSchema } from "../../domain/users";
import { assertSelf, ownerOf, requireOwner, setSessionCookie } from "../http/auth";
import { ValidationError } from "../http/errors";
import { t } from "../http/language";
import { readForm } from "../http/multipart";
import { errorResponses, idParam } from "../http/schemas";
import { presentUser } from "./presenter";
import { updateUser } from "./service";

const tags = ["Users"];
const params = z.object({ id: idParam });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireOwner);

  app.get(
    "/users/:id",
    {
      schema: {
        tags,
        summary: "The signed-in owner's profile",
        params,
        response: { 200: userSchema, 401: errorResponses[401], 403: errorResponses[403] },
      },
    },
    async (request) => {
      assertSelf(request, request.params.id);
      return presentUser(ownerOf(request).user);
    },
  );

  app.post(
    "/users-update/:id",
    {
      schema: {
        tags,
        summary: "Updates the profile (multipart: name, email, phone, password, password_confirmation, avatar)",
        consumes: ["multipart/form-data", "application/json"],
        params,
        response: {
          200: z.object({
            message: z.string(),
            user: userSchema,
            session: z.object({ token: z.string(), expires_at: z.string() }).nullable(),
          }),
          401: errorResponses[401],
          403: errorResponses[403],
          422: errorResponses[422],
        },
      },
    },
    async (request, reply) => {
      assertSelf(request, request.params.id);
      const form = await readForm(request, { avatar: { maxBytes: AVATAR_MAX_BYTES } });
      const parsed = userUpdateSchema.safeParse(form.fields);
      if (!parsed.success) throw ValidationError.fromZod(parsed.error);
      const { user, newSession } = await updateUser(app.deps, request.params.id, parsed.data, form.files.avatar);
      if (newSession) setSessionCookie(request, reply, newSession);
      return {
        message: t(request, "userUpdated"),
        user: presentUser(user),
        session: newSession && { token: newSession.token, expires_at: newSession.expiresAt.toISOString() },
      };
    },
  );
};
