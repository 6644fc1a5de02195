import type { Language } from "./languages";

/**
 * Messages that both the server and the browser show: validation errors (the zod schemas carry
 * these keys as their messages) and API errors. The web's i18n loads them as the `api` namespace.
 */
export const apiMessages = {
  es: {
    required: "Este campo es obligatorio.",
    invalid: "El valor no es válido.",
    email: "Introduce un correo electrónico válido.",
    emailTaken: "Ya existe una cuenta con este correo electrónico.",
    nameTooLong: "El nombre no puede superar los 100 caracteres.",
    emailTooLong: "El correo no puede superar los 255 caracteres.",
    passwordMin: "La contraseña debe tener al menos 8 caracteres.",
    passwordMax: "La contraseña no puede superar los 128 caracteres.",
    passwordMismatch: "Las contraseñas no coinciden.",
    phoneInvalid: "Introduce un teléfono válido (dígitos, espacios, +, -, paréntesis).",
    imageInvalid: "El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o AVIF).",
    imageTooLarge: "La imagen es demasiado grande (máximo {{max}} MB).",
    tooManyFiles: "Se enviaron demasiados archivos.",
    invalidCredentials: "Estas credenciales no coinciden con nuestros registros.",
    tooManyAttempts: "Demasiados intentos de inicio de sesión. Inténtalo de nuevo en {{minutes}} minutos.",
    tooManyRequests: "Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.",
    unauthenticated: "Tu sesión ha terminado. Inicia sesión de nuevo.",
    forbidden: "No tienes permiso para acceder a este recurso.",
    csrfMismatch: "La protección CSRF rechazó la solicitud. Recarga la página e inténtalo de nuevo.",
    notFound: "No encontrado.",
    badRequest: "La solicitud no es válida.",
    payloadTooLarge: "La solicitud es demasiado grande.",
    unsupportedMediaType: "Tipo de contenido no admitido.",
    serverError: "Ocurrió un error inesperado. Inténtalo de nuevo.",
    validationFailed: "Los datos enviados no son válidos.",
    userUpdated: "Usuario actualizado correctamente.",
    loggedOut: "Sesión cerrada.",
    pageNotFoundTitle: "Página no encontrada",
    pageNotFoundBody: "La página que buscas no existe o ya no está publicada.",
    pageNotFoundLink: "Ir al inicio",
    databaseUnavailable: "La base de datos no responde.",
  },
  en: {
    required: "This field is required.",
    invalid: "The value is not valid.",
    email: "Enter a valid email address.",
    emailTaken: "An account with this email already exists.",
    nameTooLong: "The name may not be longer than 100 characters.",
    emailTooLong: "The email may not be longer than 255 characters.",
    passwordMin: "The password must be at least 8 characters.",
    passwordMax: "The password may not be longer than 128 characters.",
    passwordMismatch: "The passwords do not match.",
    phoneInvalid: "Enter a valid phone number (digits, spaces, +, -, parentheses).",
    imageInvalid: "The file is not a valid image (JPEG, PNG, WebP, GIF or AVIF).",
    imageTooLarge: "The image is too large (at most {{max}} MB).",
    tooManyFiles: "Too many files were sent.",
    invalidCredentials: "These credentials do not match our records.",
    tooManyAttempts: "Too many login attempts. Try again in {{minutes}} minutes.",
    tooManyRequests: "Too many requests. Wait a moment and try again.",
    unauthenticated: "Your session has ended. Please sign in again.",
    forbidden: "You do not have permission to access this resource.",
    csrfMismatch: "CSRF protection refused the request. Reload the page and try again.",
    notFound: "Not found.",
    badRequest: "The request is not valid.",
    payloadTooLarge: "The request is too large.",
    unsupportedMediaType: "Unsupported content type.",
    serverError: "An unexpected error occurred. Please try again.",
    validationFailed: "The data sent is not valid.",
    userUpdated: "User updated successfully.",
    loggedOut: "Signed out.",
    pageNotFoundTitle: "Page not found",
    pageNotFoundBody: "The page you are looking for does not exist or is no longer published.",
    pageNotFoundLink: "Go to the home page",
    databaseUnavailable: "The database is not responding.",
  },
} as const satisfies Record<Language, Record<string, string>>;

export type ApiMessageKey = keyof (typeof apiMessages)["en"];

export function isApiMessageKey(key: string): key is ApiMessageKey {
  return Object.hasOwn(apiMessages.en, key);
}

export function translate(
  language: Language,
  key: ApiMessageKey,
  params: Record<string, string | number> = {},
): string {
  const template: string = apiMessages[language][key] ?? apiMessages.en[key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}
