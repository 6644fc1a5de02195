import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { HttpError, ValidationError } from "./errors";

export type FileRule = { maxBytes: number };
/** A repeated file field (`images[0]`, `images[1]`, ... or `images[]`), bounded in count and in total size. */
export type FileListRule = FileRule & { maxCount: number; maxTotalBytes: number };
export type FormData = {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
  fileLists: Record<string, Buffer[]>;
};

const listFieldName = (fieldname: string) => fieldname.match(/^([\w-]+)\[\d*\]$/)?.[1] ?? fieldname;

const MAX_FIELD_BYTES = 64 * 1024;

/**
 * A file chosen but empty (0 bytes) is refused by its name: dropped, it read as "no file chosen" (a
 * walk's finding). A file input left empty sends `filename=""`, which arrives as a text field.
 */
const refuseEmpty = (field: string, filename: string, data: Buffer) => {
  if (data.length === 0) throw ValidationError.field(field, "fileEmpty", { name: filename });
};

const tooLarge = (field: string, maxBytes: number) =>
  ValidationError.field(field, "imageTooLarge", { max: Math.round(maxBytes / 1024 / 1024) });

/**
 * Reads a multipart form into text fields and the named files (buffered, size-checked).
 * A JSON or urlencoded body is accepted too, so API clients without files need no multipart.
 */
export async function readForm(
  request: FastifyRequest,
  fileRules: Record<string, FileRule>,
  listRules: Record<string, FileListRule> = {},
): Promise<FormData> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
        fields[key] = String(value);
      } else if (value !== null) {
        // Lists (features, add-ons) travel as JSON text in forms; JSON bodies are brought to that shape.
        fields[key] = JSON.stringify(value);
      }
    }
    return { fields, files: {}, fileLists: {} };
  }
  const rules = [...Object.values(fileRules), ...Object.values(listRules)];
  const maxFileBytes = Math.max(0, ...rules.map((rule) => rule.maxBytes));
  // One file more than allowed gets through busboy, so we can say "at most N" ourselves.
  const maxFiles =
    Object.keys(fileRules).length + Object.values(listRules).reduce((sum, rule) => sum + rule.maxCount, 0) + 1;
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  const fileLists: Record<string, Buffer[]> = {};
  const listBytes: Record<string, number> = {};
  const parts = request.parts({
    limits: { fileSize: maxFileBytes + 1, files: maxFiles, fieldSize: MAX_FIELD_BYTES, fields: 100 },
  });
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const listName = listFieldName(part.fieldname);
      // Own keys only: a field named `__proto__` or `constructor` must not find Object's.
      const listRule = Object.hasOwn(listRules, listName) ? listRules[listName] : undefined;
      if (listRule) {
        const list = fileLists[listName] ?? [];
        if (list.length >= listRule.maxCount) throw ValidationError.field(listName, "imagesTooMany");
        const data = await part.toBuffer();
        refuseEmpty(listName, part.filename, data);
        if (data.length > listRule.maxBytes) throw tooLarge(listName, listRule.maxBytes);
        listBytes[listName] = (listBytes[listName] ?? 0) + data.length;
        if ((listBytes[listName] ?? 0) > listRule.maxTotalBytes)
          throw ValidationError.field(listName, "imagesTooLarge");
        list.push(data);
        fileLists[listName] = list;
        continue;
      }
      const rule = Object.hasOwn(fileRules, part.fieldname) ? fileRules[part.fieldname] : undefined;
      if (!rule) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      const data = await part.toBuffer();
      refuseEmpty(part.fieldname, part.filename, data);
      if (data.length > rule.maxBytes) {
        throw tooLarge(part.fieldname, rule.maxBytes);
      }
      files[part.fieldname] = data;
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const { code, part } = error as { code?: string; part: { fieldname: string } };
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      // @fastify/multipart names the file that was too large on this error.
      const field = listFieldName(part.fieldname);
      throw tooLarge(field, (listRules[field] ?? fileRules[field])?.maxBytes ?? maxFileBytes);
    }
    if (code === "FST_FILES_LIMIT") throw new ValidationError({ file: ["tooManyFiles"] });
    // Nothing but parsing happens in this loop: a broken body (no boundary, cut short) is the client's.
    throw new HttpError(400, "badRequest");
  }
  return { fields, files, fileLists };
}

/** Validates a form's text fields with a schema of domain/: its messages become the 422's. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}
