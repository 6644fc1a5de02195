// The baseline: nginx with one worker serving the same bytes as static files, on loopback.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { waitForUrl } from "./nelly";

export type StaticServer = { url: (file: string) => string; stop: () => Promise<void> };

/** Serves `files` (name → bytes, with their content type) from a temp folder at 127.0.0.1:`port`. */
export async function serveStatic(port: number, files: Record<string, { body: Buffer; type: string }>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-bench-nginx-"));
  const root = path.join(dir, "root");
  fs.mkdirSync(root);
  // Started as root, nginx's worker runs as nobody: it must be able to read the files.
  fs.chmodSync(dir, 0o755);
  const types: string[] = [];
  for (const [name, file] of Object.entries(files)) {
    fs.writeFileSync(path.join(root, name), file.body, { mode: 0o644 });
    // "text/html; charset=utf-8" is two directives to nginx: the type, and the charset it adds.
    const [type, charset] = file.type.split(/;\s*charset=/i);
    types.push(`location = /${name} { default_type ${type?.trim()};${charset ? ` charset ${charset.trim()};` : ""} }`);
  }
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    ${types.join("\n    ")}
  }
}
`,
  );
  const nginx: ChildProcess = spawn("/usr/sbin/nginx", ["-c", path.join(dir, "nginx.conf"), "-p", dir], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const first = Object.keys(files)[0] ?? "";
  await waitForUrl(`http://127.0.0.1:${port}/${first}`);
  return {
    url: (file: string) => `http://127.0.0.1:${port}/${file}`,
    stop: async () => {
      nginx.kill("SIGTERM");
      await new Promise((resolve) => nginx.once("exit", resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  } satisfies StaticServer;
}
