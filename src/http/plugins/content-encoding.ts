import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../domain/errors.js';

const PATH = '/headers/content-encoding';
const MESSAGE = 'must be identity: compressed request bodies are not accepted';

/**
 * No route decodes a compressed body, so a body labelled with a Content-Encoding other than
 * `identity` is refused (415, as RFC 9110 asks), never read as garbled JSON, nor as JSON that
 * its sender believes was compressed. Checked before the body is read, after authentication.
 */
async function contentEncoding(app: FastifyInstance): Promise<void> {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const coding = request.headers['content-encoding']?.trim().toLowerCase();
    if (coding === undefined || coding === '' || coding === 'identity') return payload;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${PATH}: ${MESSAGE}`, [{ path: PATH, message: MESSAGE }]);
  });
}

export default fp(contentEncoding, { name: 'content-encoding' });
