import type { App } from "../app";

type InjectOptions = {
  method?: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
};

/**
 * The part of `app.inject` the factories use, over real HTTP to a running server (a Nelly process
 * or the load balancer in front of several), so the same factories set up data there.
 */
export function httpApp(baseUrl: string): App {
  const inject = async ({ method = "GET", url, payload, headers = {} }: InjectOptions) => {
    const isBuffer = Buffer.isBuffer(payload);
    const isJson = payload !== undefined && !isBuffer && typeof payload !== "string";
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...(isJson ? { "content-type": "application/json" } : {}), ...headers },
      body: isJson ? JSON.stringify(payload) : (payload as BodyInit | undefined),
    });
    const body = await response.text();
    const cookies = response.headers.getSetCookie().map((line) => {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    });
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body,
      cookies,
      json: () => JSON.parse(body),
    };
  };
  return { inject } as unknown as App;
}
