import { afterEach, describe, expect, it, vi } from "vitest";
import { errorBody, send } from "./http";

type Sent = { path: string; init: RequestInit };

/** A page whose cookies are `cookie`, whose fetch answers `answer` and records what was sent. */
function page(cookie: string, answer: () => Response = () => new Response("{}")) {
  const sent: Sent[] = [];
  vi.stubGlobal("document", { cookie });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit) => {
      sent.push({ path, init });
      return answer();
    }),
  );
  return sent;
}

const header = (sent: Sent | undefined, name: string) => new Headers(sent?.init.headers).get(name);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("send", () => {
  it("sends JSON same-origin, in the language, with the XSRF token from its cookie on an unsafe method", async () => {
    const sent = page("a=1; XSRF-TOKEN=t%3D1");
    await send("/api/x", { method: "POST", body: { n: 1 }, language: "en", headers: { "Idempotency-Key": "k" } });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.init.credentials).toBe("same-origin");
    expect(sent[0]?.init.body).toBe('{"n":1}');
    expect(header(sent[0], "Content-Type")).toBe("application/json");
    expect(header(sent[0], "Accept")).toBe("application/json");
    expect(header(sent[0], "Accept-Language")).toBe("en");
    expect(header(sent[0], "X-XSRF-TOKEN")).toBe("t=1");
    expect(header(sent[0], "Idempotency-Key")).toBe("k");
  });

  it("sends no token on a GET, and asks for what it accepts", async () => {
    const sent = page("XSRF-TOKEN=t");
    await send("/api/x.csv", { language: "es", accept: "text/csv" });
    expect(header(sent[0], "X-XSRF-TOKEN")).toBeNull();
    expect(header(sent[0], "Accept")).toBe("text/csv");
    expect(sent[0]?.init.body).toBeUndefined();
  });

  it("asks the server for a token when the cookie is missing, unless told to use the page's cookie only", async () => {
    const asked = page("");
    await send("/api/x", { method: "DELETE", language: "es" });
    expect(asked.map((call) => call.path)).toEqual(["/api/sanctum/csrf-cookie", "/api/x"]);

    const cookieOnly = page("");
    await send("/api/x", { method: "POST", language: "es", xsrf: "cookie" });
    expect(cookieOnly.map((call) => call.path)).toEqual(["/api/x"]);
    expect(header(cookieOnly[0], "X-XSRF-TOKEN")).toBeNull();
  });

  it("with the page's cookie only, asks once and sends again when refused without a token (a session kept, its token lost)", async () => {
    let cookie = "";
    const sent = page("", () => new Response("{}", { status: 403 }));
    vi.stubGlobal("document", {
      get cookie() {
        return cookie;
      },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (path: string, init: RequestInit) => {
        sent.push({ path, init });
        if (path === "/api/sanctum/csrf-cookie") cookie = "XSRF-TOKEN=fresh";
        const refused = path === "/api/x" && !new Headers(init.headers).get("X-XSRF-TOKEN");
        return refused
          ? new Response("{}", { status: 403, headers: { "X-XSRF-Refused": "1" } })
          : new Response("{}", { status: 201 });
      }),
    );
    const response = await send("/api/x", { method: "POST", body: { n: 1 }, language: "es", xsrf: "cookie" });
    expect(response.status).toBe(201);
    expect(sent.map((call) => call.path)).toEqual(["/api/x", "/api/sanctum/csrf-cookie", "/api/x"]);
    expect(header(sent[2], "X-XSRF-TOKEN")).toBe("fresh");
    expect(sent[2]?.init.body).toBe('{"n":1}');
  });

  it("sends a refused call only once when it carried a token, was the dashboard's, or was refused for another reason", async () => {
    const csrfRefused = () => new Response("{}", { status: 403, headers: { "X-XSRF-Refused": "1" } });
    const withToken = page("XSRF-TOKEN=t", csrfRefused);
    expect((await send("/api/x", { method: "POST", language: "es", xsrf: "cookie" })).status).toBe(403);
    expect(withToken).toHaveLength(1);
    const dashboard = page("XSRF-TOKEN=t", csrfRefused);
    await send("/api/x", { method: "POST", language: "es" });
    expect(dashboard).toHaveLength(1);
    // A customer the owner will not rent to is refused with a 403 of its own: said, not sent again.
    const customerRefused = page("", () => new Response("{}", { status: 403 }));
    await send("/api/x", { method: "POST", language: "es", xsrf: "cookie" });
    expect(customerRefused).toHaveLength(1);
  });
});

describe("errorBody", () => {
  it("reads the message, field errors and rules of a failed answer", () => {
    expect(errorBody({ message: "No", errors: { email: ["Taken"] }, rules: ["availability", 3] })).toEqual({
      message: "No",
      errors: { email: ["Taken"] },
      rules: ["availability"],
    });
  });

  it("gives no message for a body without one", () => {
    expect(errorBody(undefined)).toEqual({});
    expect(errorBody(null)).toEqual({});
    expect(errorBody({ message: 3 }).message).toBeUndefined();
  });
});
