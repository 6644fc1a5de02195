import { translate } from "@domain/messages";
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { frameworkErrors, HttpError, registerErrorHandler, ValidationError } from "./errors";

// The one error handler on a bare Fastify: each route throws one kind of error.

type Logged = { level: number; msg: string; err?: { message: string } };

async function appThrowing(error: () => unknown) {
  const logs: Logged[] = [];
  const app = Fastify({
    genReqId: () => "req-42",
    logger: { level: "info", stream: { write: (line: string) => void logs.push(JSON.parse(line)) } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // A page path and an API path, each for any method.
  for (const url of ["/throw", "/api/throw"]) {
    app.all(url, async () => {
      throw error();
    });
  }
  app.post(
    "/validated",
    {
      schema: {
        body: z.object({
          name: z.string("required").min(2, "nameTooLong"),
          place: z.object({ city: z.string("required"), zip: z.string().regex(/^\d+$/) }),
        }),
      },
    },
    async () => "ok",
  );
  app.post(
    "/paths/:slug/:id",
    {
      schema: {
        params: z.object({
          slug: z.string().regex(/^[a-z]+$/, "landingNotFound"),
          id: z.string().regex(/^\d+$/, "notFound"),
        }),
        body: z.object({ ref: z.string().regex(/^R/, "notFound").optional() }),
      },
    },
    async () => "ok",
  );
  app.get(
    "/odd/:code",
    { schema: { params: z.object({ code: z.string().regex(/^\d+$/, "codeNotFound").max(3, "required") }) } },
    async () => "ok",
  );
  await app.ready();
  return { app, logs };
}

async function answer(error: () => unknown, language = "en") {
  const { app, logs } = await appThrowing(error);
  const response = await app.inject({ method: "GET", url: "/throw", headers: { "accept-language": language } });
  await app.close();
  return { status: response.statusCode, body: response.json(), logs };
}

describe("HttpError", () => {
  it("answers its status with the message translated for the request, placeholders filled", async () => {
    expect(await answer(() => new HttpError(404, "notFound"), "es")).toMatchObject({
      status: 404,
      body: { message: "No encontrado." },
    });
    expect(await answer(() => new HttpError(429, "tooManyAttempts", { minutes: 15 }))).toMatchObject({
      status: 429,
      body: { message: translate("en", "tooManyAttempts", { minutes: 15 }) },
    });
    const error = new HttpError(409, "staleWrite");
    expect(error.params).toEqual({});
    expect(error.message).toBe("staleWrite");
  });

  it("captures no stack for a 4xx, which is never logged, and keeps one for a 5xx, which is", () => {
    const limit = Error.stackTraceLimit;
    const refusal = new HttpError(409, "vehicleTaken");
    expect(refusal.stack).toBe("Error: vehicleTaken");
    expect(ValidationError.field("email", "required").stack).toBe("Error: validation");
    const fault = new HttpError(503, "imageNotSaved");
    expect(fault.stack).toContain("errors.test.ts");
    // Errors made afterwards still get their stacks.
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error("later").stack).toContain("errors.test.ts");
  });
});

describe("ValidationError", () => {
  it("answers 422 with every field's messages, the first one as the message", async () => {
    const { status, body } = await answer(
      () =>
        new ValidationError({
          logo: [{ key: "imageTooLarge", params: { max: 5 } }, "imageInvalid"],
          name: ["required"],
        }),
      "es",
    );
    expect(status).toBe(422);
    expect(body).toEqual({
      message: translate("es", "imageTooLarge", { max: 5 }),
      errors: {
        logo: [translate("es", "imageTooLarge", { max: 5 }), translate("es", "imageInvalid")],
        name: [translate("es", "required")],
      },
    });
  });

  it("says the data is not valid when no field is named", async () => {
    expect(await answer(() => new ValidationError({}))).toMatchObject({
      status: 422,
      body: { message: translate("en", "validationFailed"), errors: {} },
    });
  });

  it("builds one field's error, with or without values for its text", () => {
    expect(ValidationError.field("logo", "imageTooLarge", { max: 5 }).fields).toEqual({
      logo: [{ key: "imageTooLarge", params: { max: 5 } }],
    });
    expect(ValidationError.field("logo", "imageInvalid").fields).toEqual({ logo: ["imageInvalid"] });
    expect(ValidationError.field("logo", "imageInvalid").message).toBe("validation");
  });

  it("groups a zod error's issues per field path, once each, unknown messages as invalid", () => {
    const schema = z.object({
      name: z.string().min(3, "required").regex(/^a/, "nameTooLong").endsWith("z", "required"),
      place: z.object({ city: z.string("required") }),
      code: z.string().length(2, "not a message key"),
    });
    const parsed = schema.safeParse({ name: "b", place: {}, code: "x" });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(ValidationError.fromZod(parsed.error).fields).toEqual({
      name: ["required", "nameTooLong"],
      "place.city": ["required"],
      code: ["invalid"],
    });
    const root = z.string("required").safeParse(1);
    if (root.success) throw new Error("a number is not a string");
    expect(ValidationError.fromZod(root.error).fields).toEqual({ body: ["required"] });
  });
});

describe("schema validation by Fastify", () => {
  it("answers 422 per field, nested paths with dots, the whole body as body", async () => {
    const { app } = await appThrowing(() => new Error("unused"));
    const bad = await app.inject({
      method: "POST",
      url: "/validated",
      payload: { name: "a", place: { zip: "x1" } },
      headers: { "accept-language": "es" },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: translate("es", "nameTooLong"),
      errors: {
        name: [translate("es", "nameTooLong")],
        "place.city": [translate("es", "required")],
        "place.zip": [translate("es", "invalid")],
      },
    });
    const notAnObject = await app.inject({
      method: "POST",
      url: "/validated",
      payload: "[1]",
      headers: { "content-type": "application/json" },
    });
    expect(notAnObject.statusCode).toBe(422);
    expect(Object.keys(notAnObject.json().errors)).toEqual(["body"]);
    await app.close();
  });
});

describe("a path that names nothing", () => {
  it("answers 404 with the path's own message, not a form error", async () => {
    const { app } = await appThrowing(() => new Error("unused"));
    const slug = await app.inject({
      method: "POST",
      url: "/paths/ABC/1",
      payload: {},
      headers: { "accept-language": "es" },
    });
    expect(slug.statusCode).toBe(404);
    expect(slug.json()).toEqual({ message: translate("es", "landingNotFound") });
    const id = await app.inject({ method: "POST", url: "/paths/abc/x1", payload: {} });
    expect(id.statusCode).toBe(404);
    expect(id.json()).toEqual({ message: translate("en", "notFound") });
    expect((await app.inject({ method: "POST", url: "/paths/abc/1", payload: {} })).statusCode).toBe(200);
    await app.close();
  });

  it("keeps 422 for a body, and for a path message that is no known key", async () => {
    const { app } = await appThrowing(() => new Error("unused"));
    const body = await app.inject({ method: "POST", url: "/paths/abc/1", payload: { ref: "X" } });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors).toEqual({ ref: [translate("en", "notFound")] });
    const unknownKey = await app.inject({ method: "GET", url: "/odd/x" });
    expect(unknownKey.statusCode).toBe(422);
    expect(unknownKey.json().errors).toEqual({ code: [translate("en", "invalid")] });
    const notAboutFinding = await app.inject({ method: "GET", url: "/odd/1234" });
    expect(notAboutFinding.statusCode).toBe(422);
    expect(notAboutFinding.json().errors).toEqual({ code: [translate("en", "required")] });
    await app.close();
  });
});

describe("database refusals", () => {
  it.each([
    [{ code: "22P02" }],
    [{ code: "22001" }],
    [{ code: "2200L" }],
    [{ cause: { code: "22021" } }],
    [{ code: 22003, cause: { code: "22003" } }],
  ])("answers a data exception %j as 400", async (fields) => {
    const result = await answer(() => Object.assign(new Error("db"), fields), "es");
    expect(result).toMatchObject({ status: 400, body: { message: translate("es", "badRequest") } });
  });

  it.each([
    [{ code: "23505" }],
    [{ code: "x22P02" }],
    [{ code: "22P02x" }],
    [{ code: "22p02" }],
    [{ code: "22P0" }],
    [{ cause: { code: 22021 } }],
    [{ code: "42P01", cause: { code: "22021" } }],
  ])("answers any other database error %j as 500", async (fields) => {
    const result = await answer(() => Object.assign(new Error("db"), fields));
    expect(result.status).toBe(500);
  });
});

describe("errors of our own that name rules, or are ours to fix (issues 10, 13)", () => {
  it("passes the rules that refused a request on to the client, and only when there are some", async () => {
    expect((await answer(() => new HttpError(409, "vehicleTaken", {}, ["availability"]))).body).toEqual({
      message: translate("en", "vehicleTaken"),
      rules: ["availability"],
    });
    expect((await answer(() => new HttpError(409, "vehicleTaken"))).body).toEqual({
      message: translate("en", "vehicleTaken"),
    });
    const refused = await answer(() => new ValidationError({ pickup: ["required"] }, ["minDays"]));
    expect(refused.body).toEqual({
      message: translate("en", "required"),
      errors: { pickup: [translate("en", "required")] },
      rules: ["minDays"],
    });
    expect(Object.keys((await answer(() => new ValidationError({ pickup: ["required"] }))).body)).toEqual([
      "message",
      "errors",
    ]);
  });

  it("logs the cause of a 5xx of ours and asks for a retry in a minute on a 503, and only then", async () => {
    const unavailable = Object.assign(new HttpError(503, "imageNotSaved"), { cause: new Error("bucket unreachable") });
    const { app, logs } = await appThrowing(() => unavailable);
    const response = await app.inject({ method: "GET", url: "/throw" });
    await app.close();
    expect([response.statusCode, response.headers["retry-after"], response.json()]).toEqual([
      503,
      "60",
      { message: translate("en", "imageNotSaved") },
    ]);
    const warned = logs.find((line) => line.level === 40);
    expect([warned?.msg, warned?.err?.message]).toEqual(["request failed: imageNotSaved", "bucket unreachable"]);
    const failed = await appThrowing(() => new HttpError(500, "serverError"));
    await failed.app.inject({ method: "GET", url: "/throw" });
    await failed.app.close();
    expect(failed.logs.find((line) => line.level === 40)?.msg).toBe("request failed: serverError");
    const notFound = await appThrowing(() => new HttpError(404, "notFound"));
    const plain = await notFound.app.inject({ method: "GET", url: "/throw" });
    await notFound.app.close();
    expect(plain.headers["retry-after"]).toBeUndefined();
    expect(notFound.logs.filter((line) => line.level >= 40)).toEqual([]);
  });

  it("names a refusal of the whole body under `body`", async () => {
    const { app } = await appThrowing(() => new Error("unused"));
    const response = await app.inject({
      method: "POST",
      url: "/validated",
      payload: JSON.stringify("just a string"),
      headers: { "content-type": "application/json" },
    });
    await app.close();
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(["body"]);
  });
});

describe("a database out of reach (issue 13.6)", () => {
  it.each([
    [{ code: "ECONNREFUSED" }],
    [{ code: "ECONNRESET" }],
    [{ code: "57P01" }],
    [{ code: "57P03" }],
    [{ code: "08006" }],
    [{ code: "53300" }],
    [{ message: "Connection terminated unexpectedly" }],
    [{ message: "timeout exceeded when trying to connect" }],
    [{ cause: { cause: { code: "ECONNREFUSED" } } }],
  ])("answers %j as 503 with Retry-After, translated", async (fields) => {
    const result = await answer(() => Object.assign(new Error("db"), fields), "es");
    expect(result).toMatchObject({ status: 503, body: { message: translate("es", "serviceUnavailable") } });
  });

  it.each([
    [{ code: "57014" }],
    [{ code: "08" }],
    [{ code: "ECONNREFUSEDX" }],
    [{ message: "Connection closed by you" }],
  ])("answers %j, which is not an outage, as 500", async (fields) => {
    expect((await answer(() => Object.assign(new Error("db"), fields))).status).toBe(500);
  });

  it("gives a browser asking for a page a translated HTML page, and the API JSON", async () => {
    const { app, logs } = await appThrowing(() => Object.assign(new Error("db"), { code: "ECONNREFUSED" }));
    const page = await app.inject({
      method: "GET",
      url: "/throw?x=<b>",
      headers: { accept: "text/html", "accept-language": "es" },
    });
    expect(page.statusCode).toBe(503);
    expect(page.headers["retry-after"]).toBe("5");
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("<h1>Volvemos en un momento</h1>");
    expect(page.body).toMatch(/href="\/throw\?x=[^"<>]*"/);
    expect(page.body).not.toContain("<b>");
    // JSON for the API, for a form posted, and for a client that asks for no page.
    for (const request of [
      { method: "GET", url: "/throw", headers: { accept: "application/json" } },
      { method: "GET", url: "/throw" },
      { method: "GET", url: "/api/throw", headers: { accept: "text/html" } },
      { method: "POST", url: "/throw", headers: { accept: "text/html" } },
    ] as const) {
      const json = await app.inject(request);
      expect(json.headers["content-type"], JSON.stringify(request)).toContain("application/json");
      expect(json.json(), JSON.stringify(request)).toEqual({ message: translate("en", "serviceUnavailable") });
    }
    const head = await app.inject({ method: "HEAD", url: "/throw", headers: { accept: "text/html" } });
    expect([head.statusCode, head.headers["content-type"]]).toEqual([503, "text/html; charset=utf-8"]);
    const warned = logs.find((line) => line.level === 40);
    expect([warned?.msg, warned?.err?.message]).toEqual(["request failed: database unavailable", "db"]);
    await app.close();
    const broken = await appThrowing(() => new Error("bug"));
    const errorPage = await broken.app.inject({ method: "GET", url: "/throw", headers: { accept: "text/html" } });
    expect(errorPage.statusCode).toBe(500);
    expect(errorPage.body).toContain("<h1>Something went wrong</h1>");
    await broken.app.close();
  });
});

describe("anything else", () => {
  it("answers 500 with the request id, and logs the error", async () => {
    const { status, body, logs } = await answer(() => new Error("boom"), "es");
    expect(status).toBe(500);
    expect(body).toEqual({ message: translate("es", "serverError"), request_id: "req-42" });
    const logged = logs.find((line) => line.level === 50);
    expect(logged).toMatchObject({ msg: "request failed", err: { message: "boom" } });
  });

  it("answers 500 for an error that carries a 5xx status, 4xx statuses as they are", async () => {
    expect(await answer(() => Object.assign(new Error("x"), { statusCode: 500 }))).toMatchObject({
      status: 500,
      body: { message: translate("en", "serverError") },
    });
    expect(await answer(() => Object.assign(new Error("x"), { statusCode: 503 }))).toMatchObject({ status: 500 });
    const tooLarge = await answer(() => Object.assign(new Error("x"), { statusCode: 413 }));
    expect(tooLarge).toMatchObject({ status: 413, body: { message: translate("en", "payloadTooLarge") } });
    expect(tooLarge.logs.some((line) => line.level === 50)).toBe(false);
    expect(await answer(() => Object.assign(new Error("x"), { statusCode: 401 }))).toMatchObject({
      status: 401,
      body: { message: translate("en", "unauthenticated") },
    });
    expect(await answer(() => Object.assign(new Error("x"), { statusCode: 499 }))).toMatchObject({
      status: 499,
      body: { message: translate("en", "badRequest") },
    });
  });

  it("answers errors met before any route (a broken %-escape) with our translated message", async () => {
    const app = Fastify({ frameworkErrors });
    app.get("/api/vehicles/:id", async () => "ok");
    const broken = await app.inject({
      method: "GET",
      url: "/api/vehicles/%ZZ",
      headers: { "accept-language": "es" },
    });
    await app.close();
    expect([broken.statusCode, broken.json()]).toEqual([400, { message: translate("es", "badRequest") }]);
    const reply = { status: vi.fn(() => reply), send: vi.fn(() => reply) };
    const request = { headers: { "accept-language": "es" } } as unknown as FastifyRequest;
    for (const [statusCode, status, key] of [
      [413, 413, "payloadTooLarge"],
      [500, 400, "badRequest"],
      [undefined, 400, "badRequest"],
    ] as const) {
      frameworkErrors({ statusCode } as FastifyError, request, reply as unknown as FastifyReply);
      expect(reply.status).toHaveBeenLastCalledWith(status);
      expect(reply.send).toHaveBeenLastCalledWith({ message: translate("es", key) });
    }
  });

  it("answers 415 for a body of a type no parser reads", async () => {
    const { app } = await appThrowing(() => new Error("unused"));
    const response = await app.inject({
      method: "POST",
      url: "/validated",
      payload: "<xml/>",
      headers: { "content-type": "application/xml" },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: translate("en", "unsupportedMediaType") });
    await app.close();
  });
});
