/**
 * The marketplace: each merchant's entry, its visibility, the catalogue's authorisation, and the store listing
 * published by its flow.
 */
import type { EntryAnswer, MarketplaceAnswer } from '../../../contract/marketing';
import { HttpError, notFound } from '../../errors';
import type { FlowHooks } from '../drafts';
import { type MarketingContext } from './context';

export function marketplaceCalls(context: MarketingContext) {
  const { repository, clock, scopeOf, catalogScope, entries } = context;
  return {
    /** GET …/marketing/marketplace: each merchant's listing, the edit in progress, products shown, the permission. */
    async marketplace(accountId: string): Promise<MarketplaceAnswer> {
      return { entries: await entries(await scopeOf(accountId)) };
    },

    /** PUT …/marketplace/{merchantId}/visibility: shoppers see the published listing, or not. */
    async setVisible(accountId: string, merchantId: string, visible: boolean): Promise<EntryAnswer> {
      const scope = (await scopeOf(accountId)).find((s) => s.merchantId === merchantId);
      if (!scope) throw notFound('merchant not found');
      if (!(await repository.listing(merchantId)))
        throw new HttpError(409, 'the listing is not published yet', undefined, { reason: 'not_published' });
      await repository.setVisible(merchantId, visible);
      return { entry: (await entries([scope]))[0]! };
    },

    /** PUT / DELETE …/marketplace/{merchantId}/catalog-authorisation (`marketplace/product-catalog/auth`). */
    async authorise(accountId: string, merchantId: string, grant: boolean): Promise<EntryAnswer> {
      const scope = (await catalogScope(accountId)).find((s) => s.merchantId === merchantId);
      if (!scope) throw notFound('merchant not found');
      if (grant) await repository.authorise(merchantId, accountId, clock.now());
      else await repository.revoke(merchantId, clock.now());
      return { entry: (await entries([scope]))[0]! };
    },

    /** The store-listing flow's hooks: a draft per merchant and revision, and publishing at submit. */
    storeListingHooks(): FlowHooks {
      const merchantOf = async (ownerId: string) => {
        const [first] = await scopeOf(ownerId);
        return first!;
      };
      return {
        // The account's (first) marketing merchant; after a publish, the next edit is a new draft that starts
        // from what was published.
        async open({ ownerId }) {
          const scope = await merchantOf(ownerId);
          const listing = await repository.listing(scope.merchantId);
          const { publish_confirmed: _confirmed, ...initial } = (listing?.data ?? {}) as Record<
            string,
            unknown
          >;
          void _confirmed;
          return {
            key: `${scope.merchantId}:r${(listing?.revision ?? 0) + 1}`,
            initial: initial as Record<string, never>,
          };
        },
        async commit({ ownerId, data }) {
          const scope = await merchantOf(ownerId);
          const listing = await repository.listing(scope.merchantId);
          const answers = Object.fromEntries(
            Object.entries(data).filter(([key]) => !key.startsWith('$') && key !== 'publish_confirmed'),
          );
          await repository.publish({
            merchantId: scope.merchantId,
            revision: (listing?.revision ?? 0) + 1,
            data: answers,
            publishedAt: clock.now(),
            publishedBy: ownerId,
          });
        },
      };
    },
  };
}
