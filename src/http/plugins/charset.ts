import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../domain/errors.js';
import { hasBody } from '../has-body.js';

const PATH = '/headers/content-type';
const MESSAGE = 'charset must be utf-8: bodies are read as UTF-8';

/** The types whose bodies are decoded as text (JSON, forms); a multipart body's parts are bytes. */
const TEXT_TYPES = new Set(['application/json', 'application/x-www-form-urlencoded']);

const CHARSET = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;

/**
 * Every body is read as UTF-8, so one labelled with another charset (`application/json;
 * charset=utf-16`) is refused (415) rather than misread; a request without a body is let be.
 * Checked before the body is read.
 */
async function charset(app: FastifyInstance): Promise<void> {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const type = request.headers['content-type'];
    if (type === undefined || !hasBody(request.headers)) return payload;
    const match = CHARSET.exec(type);
    if (!match) return payload;
    const media = type.slice(0, type.indexOf(';')).trim().toLowerCase();
    const name = (match[1] ?? match[2] ?? '').toLowerCase();
    if (!TEXT_TYPES.has(media) || name === 'utf-8' || name === 'utf8') return payload;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${PATH}: ${MESSAGE}`, [{ path: PATH, message: MESSAGE }]);
  });
}

export default fp(charset, { name: 'charset' });
