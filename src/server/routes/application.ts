/**
 * The onboarding calls of spec §7 ("Application", "Validation", upload and download). Paths are the spec's;
 * `POST /partners/application/api/v1/application` (start one) and the `lang` query of the section lists are
 * ours. Bodies and parameters are checked here; the rules are the service's.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from '../../contract/common';
import multipart from '@fastify/multipart';
import contentDisposition from 'content-disposition';
import { accountOf, requireSession } from '../auth/session';
import { fieldError, HttpError } from '../errors';
import type { ApplicationService } from '../services/application';
import { bytesOf, MAX_UPLOAD_BYTES, type FileService } from '../services/files';
import type { UrlChecker } from '../services/urlCheck';
import { readUploadedFile, UPLOADED_FILE } from './multipartFile';
import { answers, FILE_BYTES, ID_PARAMS, open } from '../openapi';
import * as C from '../../contract/application';
import { callerMeta } from './callerMeta';

const tags = ['onboarding'];
const LOOKUP = open({});

const LANG = {
  type: 'object',
  properties: { lang: { enum: ['en', 'ar'] }, request_id: { type: 'string' } },
} as const;

export interface ApplicationRouteOptions {
  applications: ApplicationService;
  files: FileService;
  urlChecker: UrlChecker;
  hasMerchantAccess: (accountId: string) => Promise<boolean>;
  /** The provider's staff (ops): not merchants, so they start no application and upload nothing (403). */
  isStaff: (accountId: string) => Promise<boolean>;
}

export async function applicationRoutes(app: FastifyInstance, opts: ApplicationRouteOptions) {
  applicationRecordRoutes(app, opts);
  lookupRoutes(app, opts);
  await fileRoutes(app, opts);
}

/** The application itself (get, start, save, submit) and the business sections its form offers. */
function applicationRecordRoutes(app: FastifyInstance, opts: ApplicationRouteOptions) {
  const merchantSide = async (accountId: string) => {
    if (await opts.isStaff(accountId)) throw new HttpError(403, 'forbidden');
  };
  const { applications } = opts;
  const base = '/partners/application/api/v1';

  app.get(
    `${base}/application`,
    {
      schema: {
        tags,
        summary: "The account's application, or null when it has none yet",
        response: answers({ 200: C.ApplicationOrNone }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      // An account without an application is not an error (every new account's first page asks): `null`, not 404,
      // so a browser's console stays clean.
      const application = await applications.get(accountOf(request));
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(application));
    },
  );

  app.post<{ Body: Static<typeof C.StartBody> | undefined }>(
    `${base}/application`,
    {
      schema: {
        tags,
        summary: 'Starts the application (or gets the one the account has), with the UTM values it came with',
        body: C.StartBody,
        response: answers({ 200: C.Application, 201: C.Application }),
      },
    },
    async (request, reply) => {
      const { accountId } = requireSession(request);
      await merchantSide(accountId);
      const result = await applications.create(
        accountId,
        request.body?.advertisement,
        await opts.hasMerchantAccess(accountId),
        callerMeta(request),
      );
      return reply.code(result.created ? 201 : 200).send(result.application);
    },
  );

  // The whole application (its answers at the top level) plus `advertisement`; sent with keepalive on page hide.
  app.put<{ Params: { id: string }; Querystring: { from?: string }; Body: Record<string, unknown> }>(
    `${base}/application/:id`,
    {
      bodyLimit: 512 * 1024,
      schema: {
        tags,
        summary: 'Saves the whole application (autosave)',
        params: ID_PARAMS,
        // Ours, beside the spec's call: `from`, the step whose main button the merchant pressed (form insights).
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { from: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' } },
        },
        body: { type: 'object', maxProperties: 100, additionalProperties: true },
        response: answers({ 200: open({}) }),
      },
    },
    async (request) =>
      applications.save(accountOf(request), request.params.id, request.body, {
        from: request.query.from,
        meta: callerMeta(request),
      }),
  );

  app.post<{ Params: { id: string } }>(
    `${base}/application/:id/submit`,
    {
      schema: {
        tags,
        summary: 'Submits the application',
        params: ID_PARAMS,
        body: { type: ['object', 'null'], additionalProperties: true },
        response: answers({ 200: open({}) }),
      },
    },
    async (request) => applications.submit(accountOf(request), request.params.id, callerMeta(request)),
  );

  app.get<{ Querystring: { lang?: 'en' | 'ar' } }>(
    '/merchant/api/v1/application/sections',
    {
      schema: {
        tags,
        summary: 'Business sections',
        querystring: LANG,
        response: answers({ 200: C.NamedList }),
      },
    },
    async (request) => {
      requireSession(request);
      return { items: applications.sections(request.query.lang ?? 'en') };
    },
  );

  app.get<{ Params: { id: number }; Querystring: { lang?: 'en' | 'ar' } }>(
    '/merchant/api/v1/application/sections/:id/categories',
    {
      schema: {
        tags,
        summary: "A section's categories",
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
        querystring: LANG,
        response: answers({ 200: C.NamedList }),
      },
    },
    async (request) => {
      requireSession(request);
      return { items: applications.categories(request.params.id, request.query.lang ?? 'en') };
    },
  );
}

/** The lookups of the form's fields (spec §7 "Validation"): local checks, see docs/onboarding.md (lookups). */
function lookupRoutes(app: FastifyInstance, opts: ApplicationRouteOptions) {
  const { applications, urlChecker } = opts;
  const base = '/partners/application/api/v1';

  // Lookups (spec §7 "Validation"): local checks, see docs/onboarding.md (lookups).
  const number = {
    type: 'object',
    required: ['number'],
    properties: { number: { type: 'string', minLength: 1, maxLength: 40 } },
  } as const;
  const lookup = (summary: string, params: object) => ({
    schema: { tags, summary, params, response: answers({ 200: LOOKUP }) },
  });
  app.get<{ Params: { number: string } }>(
    `${base}/commercial-registration/:number`,
    lookup('A commercial registration number looked up', number),
    async (request) => applications.commercialRegistration(accountOf(request), request.params.number.trim()),
  );
  app.get<{ Params: { number: string } }>(
    `${base}/licence-unified-number/:number`,
    lookup('A licence unified number looked up', number),
    async (request) => applications.unifiedNumber(accountOf(request), request.params.number.trim()),
  );
  app.get<{ Params: { iban: string } }>(
    `${base}/iban/:iban`,
    {
      schema: {
        tags,
        summary: 'An IBAN checked, with its bank',
        params: {
          type: 'object',
          required: ['iban'],
          properties: { iban: { type: 'string', minLength: 1, maxLength: 60 } },
        },
        response: answers({ 200: C.IbanLookup }),
      },
    },
    async (request) => {
      requireSession(request);
      return applications.iban(request.params.iban);
    },
  );
  // The website comes URL-encoded as the last path segment (`…/url/response/https%3A%2F%2Fshop.example`).
  app.get<{ Params: { '*': string } }>(
    `${base}/url/response/*`,
    {
      schema: {
        tags,
        summary: "Whether a merchant's website answers (the URL encoded as the last segment)",
        params: { type: 'object', properties: { '*': { type: 'string' } } },
        response: answers({
          200: {
            type: 'object',
            properties: {
              url: { type: 'string' },
              result: { enum: ['reachable', 'unreachable', 'unverified'] },
              status: { type: ['integer', 'null'] },
              reason: { type: ['string', 'null'] },
            },
          },
        }),
      },
    },
    async (request) => {
      requireSession(request);
      const url = request.params['*'];
      if (!url || url.length > 2048)
        throw new HttpError(400, 'bad_request', { '/url': fieldError('validation:error.required') });
      return urlChecker.check(url);
    },
  );
  app.post<{ Body: { business_name: string } }>(
    `${base}/check-merchant-group`,
    {
      schema: {
        tags,
        summary: 'Whether a business name belongs to a known merchant group',
        response: answers({ 200: LOOKUP }),
        body: {
          type: 'object',
          required: ['business_name'],
          additionalProperties: false,
          properties: { business_name: { type: 'string', minLength: 1, maxLength: 100 } },
        },
      },
    },
    async (request) => applications.merchantGroup(accountOf(request), request.body.business_name),
  );
  app.post<{ Body: { phone: string } }>(
    '/merchant/api/v1/verify-authorized-signatory',
    {
      schema: {
        tags,
        summary: 'Whether a phone belongs to an authorised signatory',
        response: answers({ 200: LOOKUP }),
        body: {
          type: 'object',
          required: ['phone'],
          additionalProperties: false,
          properties: { phone: { type: 'string', minLength: 1, maxLength: 20 } },
        },
      },
    },
    async (request) => applications.authorisedSignatory(accountOf(request), request.body.phone),
  );
}

/** Uploads and downloads of the form's files. */
async function fileRoutes(app: FastifyInstance, opts: ApplicationRouteOptions) {
  const merchantSide = async (accountId: string) => {
    if (await opts.isStaff(accountId)) throw new HttpError(403, 'forbidden');
  };
  const { files } = opts;
  // Uploads: one file in the multipart field `file`; the limit is enforced while reading, not after.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  app.post(
    '/merchant/api/v2/upload',
    {
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      schema: {
        tags: ['files'],
        summary: 'Uploads one file (jpeg, png or pdf, told by its content; up to 10000 KB)',
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', format: 'binary' } },
        },
        response: answers({
          201: UPLOADED_FILE,
        }),
      },
      // The body is a multipart stream read by the handler (limits enforced while reading); the schema above
      // documents it, the handler checks it.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      const { accountId } = requireSession(request);
      await merchantSide(accountId);
      const file = await readUploadedFile(request, 'file', {
        bytes: MAX_UPLOAD_BYTES,
        size: `${MAX_UPLOAD_BYTES / 1000} KB`,
      });
      return reply.code(201).send(await files.upload(accountId, file));
    },
  );

  // The spec's answer is JSON with the bytes in base64; `disposition=attachment` answers the bytes themselves
  // as a download (what the app uses: no base64, nothing a browser would show in place). Either way the type is
  // the one found in the bytes and the name is a safe one (domain/fileName.ts).
  app.get<{ Querystring: { url: string; disposition?: 'attachment' } }>(
    '/merchant/api/v2/download',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored file: JSON with base64 bytes, or the bytes themselves with disposition=attachment',
        response: answers({
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    mime_type: { type: 'string' },
                    name: { type: 'string' },
                    data: { type: 'string' },
                  },
                },
              },
              // With disposition=attachment: the bytes, as the type they were found to be.
              ...FILE_BYTES,
            },
          },
        }),
        querystring: {
          type: 'object',
          required: ['url'],
          properties: {
            url: { type: 'string', minLength: 1, maxLength: 2048 },
            disposition: { enum: ['attachment'] },
            request_id: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const file = await files.file(accountOf(request), request.query.url);
      if (request.query.disposition !== 'attachment')
        return { mime_type: file.mimeType, name: file.name, data: (await bytesOf(file)).toString('base64') };
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition.create(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.body);
    },
  );
}
