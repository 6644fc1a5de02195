import { z } from "zod";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX } from "./limits";
import type { ApiMessageKey } from "./messages";
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
  .max(PHONE_MAX, m("phoneInvalid"))
  .regex(/^[0-9+()\-.\s]*$/, m("phoneInvalid"));

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
    password_confirmation: z.string(m("required")),
  })
  .refine((data) => data.password === data.password_confirmation, {
    message: m("passwordMismatch"),
    path: ["password_confirmation"],
  });
export type RegisterInput = z.input<typeof registerSchema>;

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

/** The public shape of a user, as every endpoint answers it. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  token: z.string(),
  user_id: z.number().int(),
  user: userSchema,
  expires_at: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;
