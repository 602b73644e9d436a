import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../domain/errors.js';
import { hasBody } from '../has-body.js';

/**
 * A body must arrive whole within `timeoutMs` of its request (a route may ask for less:
 * `config.requestTimeoutMs`), else the request is answered 408 `REQUEST_TIMEOUT` through the error
 * handler (its envelope, its request id) and the connection is closed: a client sending a byte a
 * second holds a connection and a buffer no longer. The body is read through a pass-through stream
 * that the timer can fail without destroying the socket the answer goes out on; its chunks are the
 * socket's own buffers, not copies. Checked after authentication, so the time spent there counts.
 *
 * A request answered before its body was read (413 by its Content-Length, 415 by its type) leaves
 * the pass-through unread: once the answer is out the timer is stopped and the rest of the body is
 * read and dropped, as Node does for a body no handler read (a connection kept alive serves the
 * next request; Node's own request timeout still cuts off a body that never ends). The stream's
 * errors always have a listener: failing a stream nobody reads must never end the process.
 */
export default fp(
  async (app: FastifyInstance, opts: { timeoutMs: number }) => {
    app.addHook('preParsing', async (request, reply, payload) => {
      if (!hasBody(request.headers)) return payload;
      const limit = Math.min(opts.timeoutMs, request.routeOptions.config?.requestTimeoutMs ?? opts.timeoutMs);
      const spent = Number.isFinite(reply.elapsedTime) ? reply.elapsedTime : 0;
      const body = new PassThrough();
      body.on('error', () => {}); // a reader has its own listener and hears it there
      const timer = setTimeout(() => {
        const message = `the request body was not received within ${limit} ms`;
        body.destroy(new AppError('REQUEST_TIMEOUT', message, [{ path: '/body', message: 'not received in time' }]));
      }, limit - spent);
      const settle = () => clearTimeout(timer);
      payload.once('end', settle);
      // The client went away mid-body: the reader hears of it as it would from the socket.
      payload.once('error', (err) => body.destroy(err));
      body.once('close', settle);
      reply.raw.once('close', () => {
        settle();
        if (payload.readableEnded || payload.destroyed) return;
        payload.unpipe(body);
        payload.resume();
      });
      return payload.pipe(body);
    });
  },
  { name: 'request-timeout' },
);
