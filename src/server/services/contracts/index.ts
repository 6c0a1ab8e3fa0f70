/**
 * Signing a contract inside the product (docs/contracts.md; onboarding-and-back-office §1 "embedded contract
 * signing"): the contract is rendered as a PDF from its terms in the merchant's language and read in the page; the
 * signatory types their name, draws their signature and confirms with a one-time code sent to their phone; the
 * server stamps the PDF (signature, name, time, the SHA-256 of the document read, the signer's session) and keeps it
 * with an audit trail. A contract is signed once.
 *
 * Each kind (capital's advance, a store's contract) is a `ContractKindHandler`: who may sign it, what it says, and
 * what its signature sets going. This service knows none of their rooms.
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '../../../domain/language';
import type { ContractSignBody } from '../../../contract/contracts';
import { SIGNATORY_CODE_LENGTH } from '../../../domain/capital/types';
import { hashCode, newCode, newSalt, sameHash, sha256 as hashText } from '../../auth/codes';
import type { Clock } from '../../clock';
import { fieldError, HttpError, notFound } from '../../errors';
import type { ContractRepository, ContractRow } from '../../repositories/contracts';
import type { FileStore } from '../../storage';
import { SEND_LOCKED, VERIFY_LOCKED, type CodeLocks } from '../codeLocks';
import type { OutboxService } from '../outbox';
import { fill, type ContractKind, type ContractWords } from './documents';
import { renderContract, sha256, stampContract, type ContractDocument } from './pdf';

export { CONTRACT_KINDS, type ContractKind } from './documents';

/** Ours: a signing code of the signatory code's 4 digits (capital §9), 10 minutes, 5 tries, a resend after 30 s. */
export const SIGNING_CODE = {
  length: SIGNATORY_CODE_LENGTH,
  validMs: 10 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 30_000,
};
/** Ours: a drawn signature is a PNG of at most 200 KB (a 600×200 canvas of strokes is 5–30 KB). */
export const MAX_SIGNATURE_BYTES = 200_000;
/** The staff's list of signed contracts, a page at a time. */
export const SIGNED_PAGE_SIZE = 20;

export interface ContractSubject {
  merchantId: string;
  /** The phone the signing code goes to: the signatory's. */
  phone: string;
  document: (words: ContractWords, language: Language) => ContractDocument;
}

export interface ContractKindHandler {
  /** Whether the account may read (and sign) this contract: a user of its subject's merchant. */
  readable(accountId: string, contract: ContractRow): Promise<boolean>;
  /** The subject's contract as it stands now (404 for one not the account's, 409 for one that cannot be signed). */
  subject(accountId: string, subjectId: string): Promise<ContractSubject>;
  /** Sets the subject going once its contract is signed; what it answers joins the signing's answer. */
  signed(accountId: string, contract: ContractRow): Promise<Record<string, unknown>>;
}

export interface ContractDeps {
  repository: ContractRepository;
  store: FileStore;
  outbox: OutboxService;
  clock: Clock;
  codeLocks: CodeLocks;
  words: Record<Language, ContractWords>;
  kinds: Record<ContractKind, ContractKindHandler>;
}

/** `+971 50 *** **67`: enough to know which phone, not enough to harvest it. */
export const maskedPhone = (phone: string) =>
  phone.length <= 6 ? phone : `${phone.slice(0, phone.length - 6)}${'*'.repeat(4)}${phone.slice(-2)}`;

const refused = (key: string, message: string, status = 409) =>
  new HttpError(status, message, undefined, { key: `contracts:signing.${key}` });

/** JSON with its keys sorted: a document read back from jsonb (which orders keys its own way) compares equal. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(value);

/** A PNG's bytes from a data URL (else undefined). */
function pngOf(dataUrl: string): Buffer | undefined {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/.exec(dataUrl);
  if (!match) return undefined;
  const bytes = Buffer.from(match[1]!, 'base64');
  const magic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return magic.every((b, i) => bytes[i] === b) ? bytes : undefined;
}

/**
 * The signature checked and kept: the document read, the typed name, the drawn PNG, the code — then the stamped PDF
 * stored and the contract marked signed by one conditional statement (undefined never: a lost race is a 409).
 */
async function signed(
  deps: ContractDeps,
  input: {
    row: ContractRow;
    accountId: string;
    sessionId: string;
    body: ContractSignBody;
    entry: (event: string, by: string | null, detail?: string) => ContractRow['audit'][number];
  },
): Promise<ContractRow> {
  const { row, accountId, sessionId, body, entry } = input;
  const { repository, store, clock } = deps;
  const bytesOf = (fileId: string) => contractBytes(store, fileId);
  if (row.status === 'signed') throw refused('alreadySigned', 'the contract is already signed');
  if (body.document_sha256 !== row.documentSha256)
    throw refused('changed', 'the contract changed since it was read');
  const name = body.name.trim().replace(/\s+/g, ' ');
  if (name.length < 2)
    throw new HttpError(400, 'the signer’s name is required', {
      '/name': fieldError('contracts:signing.nameRequired'),
    });
  const png = pngOf(body.signature);
  if (!png)
    throw new HttpError(400, 'the signature must be a drawn PNG', {
      '/signature': fieldError('contracts:signing.drawRequired'),
    });
  if (png.length > MAX_SIGNATURE_BYTES)
    throw new HttpError(413, 'the signature drawing is too large', {
      '/signature': fieldError('contracts:signing.tooLarge'),
    });
  const now = clock.now();
  const otp = row.otp;
  const failed = () =>
    new HttpError(400, 'otp verification failed', { '/code': fieldError('capital:error.codeFailed') });
  if (!otp || now.getTime() - Number(otp.sent_at) > SIGNING_CODE.validMs) throw failed();
  const salt = String(otp.salt);
  if (!(await deps.codeLocks.tryThisCode(`contract:${salt}`, SIGNING_CODE.maxAttempts)))
    throw new HttpError(400, 'too many failed attempts', {
      '/code': fieldError('capital:error.tooManyAttempts'),
    });
  const locked = (error: unknown): never => {
    if (error instanceof HttpError && error.message === VERIFY_LOCKED)
      throw new HttpError(400, 'too many failed attempts', {
        '/code': fieldError('capital:error.tooManyAttempts'),
      });
    throw error;
  };
  const attempt = await deps.codeLocks.tryCode(row.phone).catch(locked);
  if (!sameHash(hashCode(salt, body.code), String(otp.hash))) {
    await attempt.wrong().catch(locked);
    await repository.audit(row.id, entry('code_wrong', accountId));
    throw new HttpError(400, 'invalid otp code', { '/code': fieldError('capital:error.codeInvalid') });
  }
  await attempt.right();
  const words = deps.words[row.language as Language] ?? deps.words.en;
  const session = hashText(`contract-session:${sessionId}`).slice(0, 16);
  const original = await bytesOf(row.documentFileId);
  const signedPdf = Buffer.from(
    await stampContract(
      original,
      row.language === 'ar' ? 'rtl' : 'ltr',
      {
        words: words.stamp,
        name,
        at: now.toISOString().replace('T', ' ').slice(0, 19),
        documentSha256: row.documentSha256,
        session,
        png,
      },
      now,
    ),
  );
  const signedFileId = randomUUID();
  await store.put(signedFileId, signedPdf);
  const signedSha256 = sha256(signedPdf);
  const signedRow = await repository.sign(
    row.id,
    { documentSha256: row.documentSha256, salt },
    {
      signerName: name,
      signerAccountId: accountId,
      signerSession: session,
      signedAt: now,
      signedFileId,
      signedSha256,
    },
    entry('signed', accountId, signedSha256),
  );
  if (!signedRow) {
    await store.delete(signedFileId);
    throw refused('alreadySigned', 'the contract is already signed');
  }
  return signedRow;
}

/** A contract's PDF from the file store; "not found" when its bytes are gone. */
async function contractBytes(store: FileStore, fileId: string | null) {
  const bytes = fileId ? await store.get(fileId) : null;
  if (!bytes) throw notFound('contract file not found');
  return bytes;
}

/** What the provider's staff read (the caller has checked the staff role). */
function staffCalls(repository: ContractRepository, store: FileStore) {
  return {
    /** The signed contracts, latest first, 20 a page. */
    signedList: (query: { q?: string; page?: number }) => signedList(repository, query),
    /** The signed PDF (the other party's copy): any contract. */
    async signedForProvider(id: string) {
      const row = await repository.anyContract(id);
      if (!row || row.status !== 'signed') throw notFound('contract not found');
      return { bytes: await contractBytes(store, row.signedFileId), row };
    },
  };
}

/** The signed contracts, latest first, a page of them (the staff's list). */
async function signedList(repository: ContractRepository, query: { q?: string; page?: number }) {
  const page = Math.max(1, query.page ?? 1);
  const { rows, total } = await repository.signedPage({
    search: query.q?.trim() || undefined,
    page,
    size: SIGNED_PAGE_SIZE,
  });
  return {
    contracts: rows.map((row) => ({
      id: row.id,
      kind: row.kind as ContractKind,
      subject_id: row.subjectId,
      merchant_name: row.merchantName,
      language: row.language,
      signer_name: row.signerName ?? '',
      signed_at: (row.signedAt ?? new Date(0)).toISOString(),
    })),
    total,
    page,
    page_size: SIGNED_PAGE_SIZE,
  };
}

export function createContractService(deps: ContractDeps) {
  const { repository, store, clock } = deps;
  const entry = (event: string, by: string | null, detail?: string) => ({
    at: clock.now().toISOString(),
    event,
    by,
    ...(detail ? { detail } : {}),
  });

  function view(row: ContractRow) {
    return {
      id: row.id,
      kind: row.kind,
      subject_id: row.subjectId,
      status: row.status as 'prepared' | 'signed',
      language: row.language,
      document: row.document as unknown as ContractDocument,
      document_sha256: row.documentSha256,
      phone: maskedPhone(row.phone),
      code_sent_at: typeof row.otp?.sent_at === 'number' ? new Date(row.otp.sent_at).toISOString() : null,
      signed:
        row.status === 'signed'
          ? { name: row.signerName ?? '', at: row.signedAt!.toISOString(), sha256: row.signedSha256 ?? '' }
          : null,
    };
  }

  const handlerOf = (kind: string) => {
    const handler = deps.kinds[kind as ContractKind];
    if (!handler) throw notFound('contract not found');
    return handler;
  };

  async function mine(accountId: string, id: string) {
    const row = await repository.anyContract(id);
    if (!row) throw notFound('contract not found');
    if (!(await handlerOf(row.kind).readable(accountId, row))) throw notFound('contract not found');
    return row;
  }

  const bytesOf = (fileId: string | null) => contractBytes(store, fileId);

  return {
    view,

    /**
     * The subject's contract, drawn now: made on first call, drawn again while unsigned when its language or terms
     * changed (a code in flight goes with the old document), answered as it is once signed.
     */
    async prepare(accountId: string, kind: ContractKind, subjectId: string, language: Language) {
      const handler = handlerOf(kind);
      const existing = await repository.ofSubject(kind, subjectId);
      // Signed: answered as it is (the subject has moved on, so it could not be drawn again anyway).
      if (existing?.status === 'signed') {
        if (!(await handler.readable(accountId, existing))) throw notFound('contract not found');
        return view(existing);
      }
      const subject = await handler.subject(accountId, subjectId);
      const document = subject.document(deps.words[language], language);
      if (
        existing &&
        existing.language === language &&
        existing.phone === subject.phone &&
        canonical(existing.document) === canonical(document)
      )
        return view(existing);
      const now = clock.now();
      const pdf = Buffer.from(await renderContract(document, now));
      const fileId = randomUUID();
      await store.put(fileId, pdf);
      const values = {
        language,
        document: document as unknown as Record<string, unknown>,
        documentFileId: fileId,
        documentSha256: sha256(pdf),
        phone: subject.phone,
      };
      const row = existing
        ? await repository.redraw(
            existing.id,
            { ...values, updatedAt: now },
            entry('redrawn', accountId, values.documentSha256),
          )
        : await repository.insert({
            id: randomUUID(),
            kind,
            subjectId,
            merchantId: subject.merchantId,
            status: 'prepared',
            ...values,
            audit: [entry('prepared', accountId, values.documentSha256)],
            createdAt: now,
            updatedAt: now,
          });
      if (!row) {
        // Signed, or made by a call at the same moment: that one stands.
        await store.delete(fileId);
        const current = await repository.ofSubject(kind, subjectId);
        if (!current) throw new HttpError(409, 'the contract changed, try again');
        return view(current);
      }
      if (existing) await store.delete(existing.documentFileId);
      return view(row);
    },

    async contract(accountId: string, id: string) {
      return view(await mine(accountId, id));
    },

    /** The PDF as read (`signed`: as signed), for the merchant's users. */
    async pdf(accountId: string, id: string, which: 'document' | 'signed') {
      const row = await mine(accountId, id);
      if (which === 'signed' && row.status !== 'signed') throw notFound('the contract is not signed');
      return { bytes: await bytesOf(which === 'signed' ? row.signedFileId : row.documentFileId), row };
    },

    ...staffCalls(repository, store),

    /** A signing code by SMS to the signatory's phone (a new one after 30 seconds; the number's lockouts apply). */
    async sendCode(accountId: string, id: string) {
      const row = await mine(accountId, id);
      if (row.status === 'signed') throw refused('alreadySigned', 'the contract is already signed');
      const now = clock.now().getTime();
      const wait = row.otp ? Number(row.otp.sent_at) + SIGNING_CODE.resendAfterMs - now : 0;
      if (wait > 0)
        throw new HttpError(429, 'too many attempts to send code', undefined, {
          retry_after: Math.ceil(wait / 1000),
        });
      await deps.codeLocks.countSend(row.phone).catch((error: unknown) => {
        if (error instanceof HttpError && error.message === SEND_LOCKED)
          throw new HttpError(429, SEND_LOCKED, { '/code': fieldError('capital:error.tooManyAttempts') });
        throw error;
      });
      const code = newCode(SIGNING_CODE.length);
      const salt = newSalt();
      const updated = await repository.setCode(
        row.id,
        { salt, hash: hashCode(salt, code), sent_at: now },
        entry('code_sent', accountId, maskedPhone(row.phone)),
        new Date(now),
      );
      if (!updated) throw refused('alreadySigned', 'the contract is already signed');
      const words = deps.words[row.language as Language] ?? deps.words.en;
      await deps.outbox.send({
        to: row.phone,
        channel: 'sms',
        subject: 'Contract signing code',
        body: fill(words.sms.code, { code }),
        code,
      });
      return { sent: true, phone: maskedPhone(row.phone), resend_after: SIGNING_CODE.resendAfterMs / 1000 };
    },

    /**
     * Signs: the typed name, the drawn signature and the code, against the document the signer read. Every try of
     * the code is counted before it is compared (this code's 5, the number's lockouts), and the signature is kept
     * by one conditional statement: a second signature, or a second call with the same code, is refused.
     */
    async sign(accountId: string, sessionId: string, id: string, body: ContractSignBody) {
      const row = await mine(accountId, id);
      const signedRow = await signed(deps, { row, accountId, sessionId, body, entry });
      const extra = await handlerOf(row.kind).signed(accountId, signedRow);
      return { ...view(signedRow), ...extra };
    },
  };
}

export type ContractService = ReturnType<typeof createContractService>;
