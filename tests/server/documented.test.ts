/**
 * The server tests hold every answer to the OpenAPI document (setup/documented.ts, issue 53): an answer with a
 * status, a content type or a shape the document does not give fails the call that received it.
 */
import { describe, expect, it } from 'vitest';
import { answers } from '../../src/server/openapi';
import { createTestApp } from './setup/app';

const { app } = await createTestApp({
  extraRoutes(instance) {
    const schema = {
      querystring: {
        type: 'object',
        properties: { as: { enum: ['ok', 'status', 'type', 'shape'] } },
      },
      response: answers({ 200: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } }),
    };
    instance.get<{ Querystring: { as?: string } }>(
      '/merchant/api/v1/test/documented',
      { schema },
      (request, reply) => {
        switch (request.query.as) {
          case 'status':
            return reply.code(202).send({ n: 1 });
          case 'type':
            return reply.type('text/plain').serializer(String).send('n=1');
          case 'shape':
            return reply.type('application/json').serializer(JSON.stringify).send({ n: 'one' });
          default:
            return { n: 1 };
        }
      },
    );
  },
});

const get = (as: string) => app.inject({ method: 'GET', url: `/merchant/api/v1/test/documented?as=${as}` });

describe('every answer a server test receives', () => {
  it('passes when the document describes it', async () => {
    expect((await get('ok')).json()).toEqual({ n: 1 });
  });
  it('fails the test on a status, content type or shape the document does not give', async () => {
    await expect(get('status')).rejects.toThrow(/status 202 is not documented/);
    await expect(get('type')).rejects.toThrow(/content type text\/plain is not documented/);
    await expect(get('shape')).rejects.toThrow(/does not match its schema/);
  });
});
