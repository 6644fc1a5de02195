import { z } from "zod";
import { LANGUAGES } from "./languages";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX } from "./limits";
import type { ApiMessageKey } from "./messages";
import { refinePhone } from "./phone";
import { nameText } from "./plain-text";

/** Zod messages are keys of domain/messages.ts, translated where they are shown. */
const m = (key: ApiMessageKey) => key;

const requiredText = (max: number, tooLong: ApiMessageKey) =>
  z.string(m("required")).trim().min(1, m("required")).max(max, m(tooLong));

export const emailSchema = requiredText(EMAIL_MAX, "emailTooLong")
  .pipe(z.email(m("email")))
  .transform((email) => email.toLowerCase());

const passwordSchema = z.string(m("required")).min(PASSWORD_MIN, m("passwordMin")).max(PASSWORD_MAX, m("passwordMax"));

const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX, { error: m("phoneInvalid"), abort: true })
  .superRefine((phone, ctx) => {
    if (phone !== "") refinePhone(phone, ctx);
  });

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string(m("required")).min(1, m("required")).max(PASSWORD_MAX, m("passwordMax")),
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z
  .object({
    name: nameText(NAME_MAX, "nameTooLong"),
    email: emailSchema,
    password: passwordSchema,
    // Empty is "required" in its own right: with the other fields empty too, a mismatch is never
    // checked (zod refines only a valid object), and the form showed nothing under it.
    password_confirmation: z.string(m("required")).min(1, m("required")),
    /** The language of the screen the owner signed up on: the dashboard's and their emails' from then on. */
    language: z.enum(LANGUAGES, m("invalid")).optional(),
  })
  .refine((data) => data.password === data.password_confirmation, {
    message: m("passwordMismatch"),
    path: ["password_confirmation"],
  });
export type RegisterInput = z.input<typeof registerSchema>;

/** Forgot password (issue 25.20): the email to send a link to. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** The token of an emailed link: 43 URL-safe characters (server/auth/tokens.ts); anything else is no link of ours. */
const resetToken = z
  .string(m("required"))
  .min(1, m("required"))
  .max(100, m("resetLinkInvalid"))
  .regex(/^[\w-]+$/, m("resetLinkInvalid"));

export const resetTokenSchema = z.object({ token: resetToken });

/** Choosing a new password from an emailed link. */
export const resetPasswordSchema = z
  .object({
    token: resetToken,
    password: passwordSchema,
    password_confirmation: z.string(m("required")).min(1, m("required")),
  })
  .refine((data) => data.password === data.password_confirmation, {
    message: m("passwordMismatch"),
    path: ["password_confirmation"],
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Profile update: an empty password means "keep the current one". */
export const userUpdateSchema = z
  .object({
    name: nameText(NAME_MAX, "nameTooLong"),
    email: emailSchema,
    phone: phoneSchema.optional().default(""),
    password: z
      .string()
      .optional()
      .default("")
      .refine((value) => value === "" || value.length >= PASSWORD_MIN, m("passwordMin"))
      .refine((value) => value.length <= PASSWORD_MAX, m("passwordMax")),
    password_confirmation: z.string().optional().default(""),
    /** Required to change the password or the email, so a stolen session cannot take the account. */
    current_password: z.string().max(PASSWORD_MAX, m("passwordMax")).optional().default(""),
    /**
     * The profile's `updated_at` as the form read it: saved meanwhile (another tab), the change is
     * refused (409) rather than undoing that save. Absent: saved whatever came before.
     */
    updated_at: z.string().max(40, m("invalid")).optional(),
    /** "1" removes the current photo (ignored when a new one is uploaded). */
    remove_avatar: z
      .enum(["0", "1"], m("invalid"))
      .optional()
      .transform((value) => value === "1"),
  })
  .refine((data) => data.password === "" || data.password === data.password_confirmation, {
    message: m("passwordMismatch"),
    path: ["password_confirmation"],
  });
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** The dashboard's language, which the owner's own emails and calendar feed follow (PRODUCT §6, §8). */
export const userLanguageSchema = z.object({ language: z.enum(LANGUAGES, m("invalid")) });

/** The public shape of a user, as every endpoint answers it. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  /** The dashboard's language: the owner's emails and calendar feed are written in it. */
  language: z.enum(LANGUAGES),
  created_at: z.string(),
  /** When it was last saved: sent back with a change (`userUpdateSchema`'s `updated_at`). */
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * `expires_at`: when the session ends unless the owner does something before (each request moves
 * it an hour ahead); `absolute_expires_at`: when it ends whatever they do (domain/limits.ts).
 */
const sessionTimes = {
  expires_at: z.string().describe("When the session ends without activity (ISO 8601); each owner call moves it"),
  absolute_expires_at: z.string().describe("When the session ends whatever the activity (ISO 8601)"),
};

export const sessionSchema = z.object({
  token: z.string(),
  user_id: z.number().int(),
  user: userSchema,
  ...sessionTimes,
});
export type Session = z.infer<typeof sessionSchema>;

/** The current session as `GET /api/session` answers it. */
export const currentSessionSchema = z.object({ user_id: z.number().int(), user: userSchema, ...sessionTimes });

/** A session issued to the caller alongside another answer (a password change). */
export const issuedSessionSchema = z.object({ token: z.string(), ...sessionTimes });
