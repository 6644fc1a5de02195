import type { FastifyReply } from "fastify";

/** A rental's PDF, for the eyes of its owner or customer only: shown in the browser's viewer, never kept by a shared cache. */
export const sendPdf = (reply: FastifyReply, { pdf, filename }: { pdf: Buffer; filename: string }) =>
  reply
    .type("application/pdf")
    .header("content-disposition", `inline; filename="${filename}"`)
    .header("cache-control", "private, no-store")
    .send(pdf);

/** A counter photo: the browser may keep it a while (a photo never changes under its id), no shared cache may. */
export const sendJpeg = (reply: FastifyReply, jpeg: Buffer) =>
  reply.type("image/jpeg").header("cache-control", "private, max-age=3600").send(jpeg);
