import { translate } from "@domain/messages";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { multipart } from "../test/factories";
import { registerErrorHandler } from "./errors";
import { parseFields, readForm } from "./multipart";

// readForm on a bare Fastify: one route that answers what it read (file sizes, not bytes).

const MB = 1024 * 1024;
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function formApp() {
  const app = Fastify();
  apps.push(app);
  registerErrorHandler(app);
  await app.register(fastifyMultipart, { limits: { fileSize: 20 * MB, files: 20 } });
  app.post("/form", async (request) => {
    const form = await readForm(
      request,
      { logo: { maxBytes: MB }, favicon: { maxBytes: 2 * MB } },
      { images: { maxBytes: MB, maxCount: 3, maxTotalBytes: 2.5 * MB } },
    );
    return {
      fields: form.fields,
      files: Object.fromEntries(Object.entries(form.files).map(([name, data]) => [name, data.length])),
      fileLists: Object.fromEntries(
        Object.entries(form.fileLists).map(([name, list]) => [name, list.map((data) => data.length)]),
      ),
    };
  });
  return app;
}

const file = (bytes: number, filename = "a.jpg") => ({ data: Buffer.alloc(bytes, 1), filename, type: "image/jpeg" });

async function send(fields: Parameters<typeof multipart>[0]) {
  const app = await formApp();
  const body = await multipart(fields);
  const response = await app.inject({
    method: "POST",
    url: "/form",
    payload: body.payload,
    headers: { ...body.headers, "accept-language": "en" },
  });
  return { status: response.statusCode, body: response.json() };
}

const tooLarge = (field: string, max: number) => ({
  message: translate("en", "imageTooLarge", { max }),
  errors: { [field]: [translate("en", "imageTooLarge", { max })] },
});

describe("readForm", () => {
  it("brings a JSON body to text fields: lists and objects as JSON, nulls left out", async () => {
    const app = await formApp();
    const response = await app.inject({
      method: "POST",
      url: "/form",
      payload: { name: "Ana", units: 3, gps: true, features: [{ name: "a" }], addon: { a: 1 }, gone: null },
    });
    expect(response.json()).toEqual({
      fields: { name: "Ana", units: "3", gps: "true", features: '[{"name":"a"}]', addon: '{"a":1}' },
      files: {},
      fileLists: {},
    });
    const empty = await app.inject({ method: "POST", url: "/form" });
    expect(empty.json()).toEqual({ fields: {}, files: {}, fileLists: {} });
  });

  it("reads text fields, named files and numbered file lists; no file chosen and unknown files are dropped", async () => {
    const { status, body } = await send({
      name: "Ana",
      logo: file(1000),
      // What a form sends for a file input left empty (`filename=""`): a text field.
      favicon: file(0, ""),
      other: file(500),
      "images[0]": file(10),
      "images[1]": file(20),
      "images[]": file(30),
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      fields: { name: "Ana", favicon: "" },
      files: { logo: 1000 },
      fileLists: { images: [10, 20, 30] },
    });
    expect((await send({ images: file(10) })).body.fileLists).toEqual({ images: [10] });
    // Only a whole `name[n]` is a list's entry.
    expect(await send({ "x.images[0]": file(40), "images[0]x": file(50) })).toEqual({
      status: 200,
      body: { fields: {}, files: {}, fileLists: {} },
    });
  });

  it("refuses a chosen file of 0 bytes by its name, rather than reading it as no file chosen", async () => {
    const empty = (field: string) => ({
      message: translate("en", "fileEmpty", { name: "blank.png" }),
      errors: { [field]: [translate("en", "fileEmpty", { name: "blank.png" })] },
    });
    expect(await send({ logo: file(0, "blank.png") })).toEqual({ status: 422, body: empty("logo") });
    expect(await send({ "images[0]": file(10), "images[1]": file(0, "blank.png") })).toEqual({
      status: 422,
      body: empty("images"),
    });
    expect(translate("es", "fileEmpty", { name: "blank.png" })).toBe(
      "El archivo «blank.png» está vacío (0 bytes): elige otro.",
    );
  });

  it("takes files up to their limits", async () => {
    const { status, body } = await send({
      logo: file(MB),
      favicon: file(2 * MB),
      "images[0]": file(MB),
      "images[1]": file(MB),
      "images[2]": file(0.5 * MB),
    });
    expect(status).toBe(200);
    expect(body.files).toEqual({ logo: MB, favicon: 2 * MB });
    expect(body.fileLists).toEqual({ images: [MB, MB, 0.5 * MB] });
  });

  it("refuses a file over its own limit, naming the field and the limit in MB", async () => {
    expect(await send({ logo: file(MB + 1) })).toEqual({ status: 422, body: tooLarge("logo", 1) });
    expect(await send({ logo: file(3 * MB) })).toEqual({ status: 422, body: tooLarge("logo", 1) });
    expect(await send({ favicon: file(2 * MB + 1) })).toEqual({ status: 422, body: tooLarge("favicon", 2) });
    expect(await send({ "images[0]": file(MB + 1) })).toEqual({ status: 422, body: tooLarge("images", 1) });
    expect(await send({ "images[0]": file(3 * MB) })).toEqual({ status: 422, body: tooLarge("images", 1) });
    // A file no rule names is read up to the largest limit too, then refused, not a 500.
    expect(await send({ other: file(3 * MB) })).toEqual({ status: 422, body: tooLarge("other", 2) });
  });

  it("refuses more files in a list than allowed, or more bytes together", async () => {
    const four = { "images[0]": file(1), "images[1]": file(1), "images[2]": file(1), "images[3]": file(1) };
    expect(await send(four)).toEqual({
      status: 422,
      body: {
        message: translate("en", "imagesTooMany"),
        errors: { images: [translate("en", "imagesTooMany")] },
      },
    });
    const heavy = { "images[0]": file(0.9 * MB), "images[1]": file(0.9 * MB), "images[2]": file(0.9 * MB) };
    expect(await send(heavy)).toEqual({
      status: 422,
      body: {
        message: translate("en", "imagesTooLarge"),
        errors: { images: [translate("en", "imagesTooLarge")] },
      },
    });
  });

  it("refuses more files in the request than the rules allow", async () => {
    const files = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`x${i}`, file(1)]));
    expect(await send(files)).toEqual({
      status: 422,
      body: { message: translate("en", "tooManyFiles"), errors: { file: [translate("en", "tooManyFiles")] } },
    });
    const six = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`x${i}`, file(1)]));
    expect((await send(six)).status).toBe(200);
  });

  it("answers 400 to a broken multipart body", async () => {
    const app = await formApp();
    const response = await app.inject({
      method: "POST",
      url: "/form",
      payload: '--xyz\r\nContent-Disposition: form-data; name="logo"; filename="a.jpg"\r\n\r\nabc',
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: translate("en", "badRequest") });
  });
});

describe("parseFields", () => {
  it("answers the parsed fields, or a 422 error with the schema's messages", () => {
    const schema = z.object({ name: z.string().min(1, "required"), units: z.coerce.number() });
    expect(parseFields(schema, { name: "Ana", units: "2" })).toEqual({ name: "Ana", units: 2 });
    expect(() => parseFields(schema, { name: "", units: "2" })).toThrow(
      expect.objectContaining({ fields: { name: ["required"] } }),
    );
  });
});
