/**
 * What every room of the capital wing shares: its dependencies, who is asking (§6), and the lookups that turn
 * another merchant's offer or application into a 404 so ids cannot be probed.
 */
import { isEditable } from '../../../domain/capital/steps';
import type { Clock } from '../../clock';
import { HttpError, notFound } from '../../errors';
import type { AccountRepository } from '../../repositories/account';
import type { ApplicationRow, CapitalRepository } from '../../repositories/capital';
import type { CodeLocks } from '../codeLocks';
import type { ContractRepository } from '../../repositories/contracts';
import type { DirectDebitBank } from './directDebit';
import { requireMerchants } from '../memberships';
import type { EcommerceConnector } from '../connectors';
import type { OutboxService } from '../outbox';
import { applicationView, offerView, type CapitalScope } from './model';

export interface CapitalDeps {
  repository: CapitalRepository;
  accounts: AccountRepository;
  outbox: OutboxService;
  clock: Clock;
  /** The e-commerce connector (sales data); none: connecting answers 503. */
  connector?: EcommerceConnector | null;
  /** The per-number lockouts of every code sent (codeLocks.ts): the signatory's code is guarded like sign-in's. */
  codeLocks: CodeLocks;
  /** The contracts signed inside the product: an advance is taken once its contract is signed. */
  contracts: ContractRepository;
  /** The bank that holds direct-debit mandates (simulated: directDebit.ts). */
  bank: DirectDebitBank;
  /** Where a failure nobody waits for is told (the provider's run). */
  log?: { error(details: object, message: string): void };
}

export function capitalContext(deps: CapitalDeps) {
  const repo = deps.repository;

  /** The merchants whose capital the account sees (§6), and the experiments that matter here. */
  async function scopeOf(accountId: string): Promise<CapitalScope> {
    const [merchantIds, experiments] = await Promise.all([
      requireMerchants(
        deps.accounts,
        accountId,
        (p) => p.canViewCapital,
        'capital is not available for this account',
      ),
      deps.accounts.experiments(accountId),
    ]);
    const on = (name: string) => experiments.some((e) => e.name === name && e.value === 'enabled');
    return {
      accountId,
      merchantIds,
      integrationForm: on('integration_form'),
      waitlist: on('capital_waitlist'),
    };
  }

  async function offerOf(merchantIds: string[], id: string) {
    const row = await repo.offer(merchantIds, id);
    if (!row) throw notFound('offer not found');
    return row;
  }

  async function applicationOf(merchantIds: string[], id: string) {
    const row = await repo.application(merchantIds, id);
    if (!row) throw notFound('application not found');
    return row;
  }

  /** The application as the API answers it, with its offer looked up (gone: the defaults). */
  async function viewOf(merchantIds: string[], row: ApplicationRow) {
    const offerRow = row.offerId ? await repo.offer(merchantIds, row.offerId) : undefined;
    return applicationView(row, offerRow ? offerView(offerRow) : undefined);
  }

  /** The application, when the merchant may still change it (409 otherwise). */
  async function editableApplication(merchantIds: string[], id: string) {
    const row = await applicationOf(merchantIds, id);
    if (!isEditable(row.status)) throw new HttpError(409, 'the application can no longer be changed');
    return row;
  }

  return { deps, repo, scopeOf, offerOf, applicationOf, viewOf, editableApplication };
}

export type CapitalContext = ReturnType<typeof capitalContext>;
