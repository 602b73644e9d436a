import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../domain/errors.js';
import { sendError } from './errors.js';

/** What a request arriving during the drain is told to wait before retrying (another instance takes it). */
const RETRY_AFTER_SECONDS = 1;

/** The answer's socket is closed once it is sent: a keep-alive client opens a new connection next time. */
function closeAfter(res: ServerResponse): void {
  if (!res.headersSent) {
    res.setHeader('connection', 'close');
    return;
  }
  // Its headers already said keep-alive: the socket is ended once the answer is out.
  const socket = res.socket;
  res.once('finish', () => socket?.end());
}

/**
 * Graceful close for keep-alive clients. Node's `server.close()` drops only the connections idle at
 * that moment: one with a request in flight would be kept alive after its answer until the client
 * hung up, and close would wait for it. So once `app.close()` begins, every answer in flight and
 * every later one says `Connection: close` and its socket is closed after it; close completes when
 * the last answer is out. A request that arrives on an open connection during the drain is 503
 * `SHUTTING_DOWN` with `Retry-After`, from the catalogue.
 */
export default fp(
  async (app: FastifyInstance) => {
    let closing = false;
    const inFlight = new Set<ServerResponse>();
    app.server.on('request', (_req, res: ServerResponse) => {
      if (closing) return; // Fastify's router says Connection: close to these itself.
      inFlight.add(res);
      res.once('close', () => inFlight.delete(res));
    });
    app.addHook('preClose', (done) => {
      closing = true;
      for (const res of inFlight) closeAfter(res);
      inFlight.clear();
      done();
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!closing) return;
      reply.header('connection', 'close');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      request.log.info({ code: 'SHUTTING_DOWN', status: 503 }, 'request refused');
      return sendError(request, reply, new AppError('SHUTTING_DOWN'));
    });
  },
  { name: 'drain', dependencies: ['errors'] },
);
