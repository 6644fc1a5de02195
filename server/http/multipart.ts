import type { FastifyRequest } from "fastify";
import { ValidationError } from "./errors";

export type FileRule = { maxBytes: number };
export type FormData = { fields: Record<string, string>; files: Record<string, Buffer> };

const MAX_FIELD_BYTES = 64 * 1024;

const tooLarge = (field: string, maxBytes: number) =>
  ValidationError.field(field, "imageTooLarge", { max: Math.round(maxBytes / 1024 / 1024) });

/**
 * Reads a multipart form into text fields and the named files (buffered, size-checked).
 * A JSON or urlencoded body is accepted too, so API clients without files need no multipart.
 */
export async function readForm(request: FastifyRequest, fileRules: Record<string, FileRule>): Promise<FormData> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
        fields[key] = String(value);
      }
    }
    return { fields, files: {} };
  }
  const maxFileBytes = Math.max(0, ...Object.values(fileRules).map((rule) => rule.maxBytes));
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  const parts = request.parts({
    limits: {
      fileSize: maxFileBytes + 1,
      files: Object.keys(fileRules).length,
      fieldSize: MAX_FIELD_BYTES,
      fields: 100,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      const rule = fileRules[part.fieldname];
      if (!rule) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      const data = await part.toBuffer();
      if (data.length > rule.maxBytes) {
        throw tooLarge(part.fieldname, rule.maxBytes);
      }
      if (data.length > 0) files[part.fieldname] = data;
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const { code, part } = error as { code?: string; part?: { fieldname?: string } };
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge(part?.fieldname ?? "file", maxFileBytes);
    if (code === "FST_FILES_LIMIT") throw new ValidationError({ file: ["tooManyFiles"] });
    throw error;
  }
  return { fields, files };
}
