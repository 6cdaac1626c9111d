import type { FastifyReply } from "fastify";

/**
 * Sends JSON the route has printed itself (the address bulk calls join printed answers): with a JSON
 * content type, fastify sends a string as it is instead of serializing it again.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(text);
}
