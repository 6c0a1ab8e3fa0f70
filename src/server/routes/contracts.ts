/**
 * Contracts signed inside the product (docs/contracts.md):
 *
 *   (POST /merchant/api/v1/capital/application/:id/contract, an approved application's, is with capital's routes:
 *   who may call capital is decided there before any body is read)
 *   POST /merchant/api/v1/stores/:id/contract/document       a store's contract, drawn now
 *   GET  /merchant/api/v1/contracts/:id                      the contract as the page reads it
 *   GET  /merchant/api/v1/contracts/:id/document.pdf         the PDF as read
 *   GET  /merchant/api/v1/contracts/:id/signed.pdf           the PDF as signed (stamped)
 *   POST /merchant/api/v1/contracts/:id/code                 a signing code to the signatory's phone
 *   POST /merchant/api/v1/contracts/:id/sign                 the signature: typed name, drawn PNG, code, hash read
 *   GET  /merchant/api/v1/provider/contracts                 the signed contracts, latest first (staff)
 *   GET  /merchant/api/v1/provider/contracts/:id/signed.pdf  the provider's copy (staff)
 */
import contentDisposition from 'content-disposition';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ContractCodeSent,
  ContractView,
  ContractPrepareBody,
  ContractSignBody,
  SignedContracts,
  SignedContractsQuery,
} from '../../contract/contracts';
import type { Static } from '../../contract/common';
import { LANGUAGES, type Language } from '../../domain/language';
import { accountOf, requireSession } from '../auth/session';
import { HttpError } from '../errors';
import { answers, FILE_BYTES, ID_PARAMS } from '../openapi';
import type { ContractKind, ContractService } from '../services/contracts';

const tags = ['contracts'];

export interface ContractRouteOptions {
  contracts: ContractService;
  isStaff: (accountId: string) => Promise<boolean>;
  /** The account's own language, when the page does not say which. */
  languageOf: (accountId: string) => Promise<Language>;
}

const pdf = (reply: FastifyReply, bytes: Buffer, name: string, disposition: 'inline' | 'attachment') =>
  reply
    .header('cache-control', 'private, no-store')
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition.create(name, { type: disposition }))
    .header('x-content-type-options', 'nosniff')
    .send(bytes);

/** The language a contract is drawn in: the page's, else the account's. */
export async function contractLanguage(
  asked: string | undefined,
  accountId: string,
  languageOf: (accountId: string) => Promise<Language>,
): Promise<Language> {
  return asked && (LANGUAGES as readonly string[]).includes(asked)
    ? (asked as Language)
    : languageOf(accountId);
}

export async function contractRoutes(app: FastifyInstance, opts: ContractRouteOptions) {
  const { contracts } = opts;

  const prepare = (kind: ContractKind, path: string, summary: string) =>
    app.post<{ Params: { id: string }; Body: Static<typeof ContractPrepareBody> }>(
      path,
      {
        schema: {
          tags,
          summary,
          params: ID_PARAMS,
          body: ContractPrepareBody,
          response: answers({ 200: ContractView }),
        },
      },
      async (request) => {
        const accountId = accountOf(request);
        const language = await contractLanguage(request.body?.language, accountId, opts.languageOf);
        return contracts.prepare(accountId, kind, request.params.id, language);
      },
    );
  prepare(
    'store',
    '/merchant/api/v1/stores/:id/contract/document',
    "A store's contract, drawn in the merchant's language",
  );

  app.get<{ Params: { id: string } }>(
    '/merchant/api/v1/contracts/:id',
    {
      schema: {
        tags,
        summary: 'A contract as its page reads it',
        params: ID_PARAMS,
        response: answers({ 200: ContractView }),
      },
    },
    async (request) => contracts.contract(accountOf(request), request.params.id),
  );

  for (const which of ['document', 'signed'] as const)
    app.get<{ Params: { id: string }; Querystring: { download?: string } }>(
      `/merchant/api/v1/contracts/:id/${which}.pdf`,
      {
        schema: {
          tags,
          summary:
            which === 'document' ? 'The contract as read (PDF)' : 'The contract as signed, stamped (PDF)',
          params: ID_PARAMS,
          querystring: {
            type: 'object',
            properties: { download: { type: 'string', enum: ['1'] } },
            additionalProperties: false,
          },
          response: answers({ 200: { content: FILE_BYTES } }),
        },
      },
      async (request, reply) => {
        const { bytes } = await contracts.pdf(accountOf(request), request.params.id, which);
        const name = which === 'signed' ? 'contract-signed.pdf' : 'contract.pdf';
        return pdf(reply, bytes, name, request.query.download ? 'attachment' : 'inline');
      },
    );

  app.post<{ Params: { id: string } }>(
    '/merchant/api/v1/contracts/:id/code',
    {
      schema: {
        tags,
        summary: "Sends a signing code to the signatory's phone (a new one after 30 seconds)",
        params: ID_PARAMS,
        body: { type: ['object', 'null'], additionalProperties: false, properties: {} },
        response: answers({ 200: ContractCodeSent }),
      },
    },
    async (request) => contracts.sendCode(accountOf(request), request.params.id),
  );

  app.post<{ Params: { id: string }; Body: Static<typeof ContractSignBody> }>(
    '/merchant/api/v1/contracts/:id/sign',
    {
      // A drawn signature (a PNG as a data URL) is up to 200 KB, 270 KB as base64.
      bodyLimit: 400_000,
      schema: {
        tags,
        summary:
          'Signs the contract: typed name, drawn signature, the code, the SHA-256 of the document read',
        params: ID_PARAMS,
        body: ContractSignBody,
        response: answers({ 200: ContractView }),
      },
    },
    async (request) => {
      const session = requireSession(request);
      return contracts.sign(session.accountId, session.id, request.params.id, request.body);
    },
  );

  app.get<{ Querystring: SignedContractsQuery }>(
    '/merchant/api/v1/provider/contracts',
    {
      schema: {
        tags,
        summary: "The signed contracts, the latest first, 20 a page (staff): the provider's copies",
        querystring: SignedContractsQuery,
        response: answers({ 200: SignedContracts }),
      },
    },
    async (request) => {
      if (!(await opts.isStaff(accountOf(request)))) throw new HttpError(403, 'forbidden');
      return contracts.signedList(request.query);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/merchant/api/v1/provider/contracts/:id/signed.pdf',
    {
      schema: {
        tags,
        summary: "The provider's copy of a signed contract (staff)",
        params: ID_PARAMS,
        response: answers({ 200: { content: FILE_BYTES } }),
      },
    },
    async (request, reply) => {
      if (!(await opts.isStaff(accountOf(request)))) throw new HttpError(403, 'forbidden');
      const { bytes } = await contracts.signedForProvider(request.params.id);
      return pdf(reply, bytes, 'contract-signed.pdf', 'attachment');
    },
  );
}
