import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import regions from '../../data/regions.json' with { type: 'json' };
import { authErrors } from '../schemas.js';

const Region = Type.Object({
  key: Type.Integer({ examples: [1] }),
  name: Type.String({ examples: ['Nigeria'] }),
  code: Type.String({ examples: ['NG'], pattern: '^[A-Z]{2}$' }),
});

const regionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/verify/regions',
    {
      config: { scope: 'regions:read' },
      schema: {
        tags: ['verification'],
        operationId: 'listRegions',
        summary: 'The regions (countries) identity verification covers',
        response: { 200: Type.Array(Region, { examples: [regions] }), ...authErrors },
      },
    },
    async () => regions,
  );
};

export default regionRoutes;
