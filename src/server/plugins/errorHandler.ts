/**
 * The one error handler: known errors keep their status and message; anything else is logged and answered with
 * the spec's generic `{ status: 500, message: 'unknown' }` — never a stack trace.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { toFieldErrors, toFieldMessages, type ValidationErrorLike } from '../../engine/core/messages';
import { fieldError, HttpError } from '../errors';
import { StorageUnavailable } from '../s3';
import { isDatabaseUnavailable } from '../db/errors';

export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).send({
        status: error.status,
        message: error.message,
        ...(error.fieldErrors ? { field_errors: error.fieldErrors } : {}),
        ...error.extra,
      });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      // ajv's own errors, as message keys with their values (never ajv's English); a property nobody reads is
      // named at its own pointer (ajv reports it on its parent), as an unknown parameter or field.
      const errors = fastifyError.validation as ValidationErrorLike[];
      const unknown = errors.filter((e) => e.keyword === 'additionalProperties');
      const part = fastifyError.validationContext === 'body' ? 'unknownField' : 'unknownParameter';
      const fieldErrors = {
        ...toFieldErrors(toFieldMessages(errors.filter((e) => e.keyword !== 'additionalProperties'))),
        ...Object.fromEntries(
          unknown.map((e) => {
            const name = String(e.params.additionalProperty);
            const pointer = `${e.instancePath}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
            return [pointer, fieldError(`validation:error.${part}`, { name })];
          }),
        ),
      };
      const names = unknown.map((e) => String(e.params.additionalProperty));
      const message =
        names.length > 0
          ? `bad_request: unknown ${part === 'unknownField' ? 'field' : 'parameter'} ${names.join(', ')}`
          : 'bad_request';
      return reply.code(400).send({ status: 400, message, field_errors: fieldErrors });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type): say what, not how.
      const message =
        fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'unsupported content type'
          : fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'request body is too large'
            : fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'request body is empty'
              : status === 429
                ? 'too many requests'
                : 'bad_request';
      return reply.code(status).send({ status, message });
    }
    if (error instanceof StorageUnavailable) {
      // The bucket is down or refuses us: the merchant may try again; ops read the reason in the log.
      request.log.error({ err: error }, 'file storage unavailable');
      return reply.code(503).send({ status: 503, message: 'file storage is unavailable, try again' });
    }
    if (isDatabaseUnavailable(error)) {
      // A database restart or failover: the merchant may try again in a moment (the client's retry does), and the
      // log says it once per request at warn, not a stack trace per request at error (docs/scaling.md).
      request.log.warn({ code: (error as { code?: string }).code }, 'database unavailable');
      return reply.code(503).send({ status: 503, message: 'service unavailable, try again' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: 500, message: 'unknown' });
  });
});
