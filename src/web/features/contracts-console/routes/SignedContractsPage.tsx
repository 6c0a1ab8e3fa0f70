/**
 * The contracts merchants signed inside the product, for the provider's product ops (staff area, `/ops/contracts`;
 * docs/contracts.md): the latest signed first — merchant, which contract, who signed, when, in which language — found
 * by a part of the merchant's or signer's name or the contract's id (in the address), 20 a page from the server, a
 * table on a desktop and cards on a phone; each row downloads the provider's copy, stamped as signed.
 */
import { Anchor, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignedContract } from '../../../../contract/contracts';
import { Day } from '../../../components/Day';
import { PagedList, pageOf } from '../../../components/PagedList';
import type { ListLook } from '../../../components/ResponsiveList';
import { StaffHeading } from '../../../components/StaffFrame';
import { StaffArea } from '../../../components/StaffOnly';
import { SearchFilter } from '../../../components/filters/SearchFilter';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { PAGE_SIZE, signedCopyUrl, useSignedContracts, type SignedFilters } from '../api';

const readFilters = (params: URLSearchParams): SignedFilters => ({
  q: params.get('q') ?? '',
  page: Math.max(1, Number(params.get('page')) || 1),
});
const writeFilters = (f: SignedFilters) => {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
};

function Download(props: { contract: SignedContract }) {
  const { t } = useTranslation('contracts');
  return (
    <Anchor
      href={signedCopyUrl(props.contract.id)}
      download
      size="sm"
      aria-label={t('console.downloadNamed', { merchant: props.contract.merchant_name })}
      // One box for the icon and the word (an inline link around a flex row has no box of its own to click).
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
    >
      <IconDownload size={16} aria-hidden />
      {t('console.download')}
    </Anchor>
  );
}

function useLook(): ListLook<SignedContract> {
  const { t } = useTranslation('contracts');
  return {
    columns: [
      {
        header: t('console.column.merchant'),
        maw: 260,
        cell: (c) => (
          <div>
            <Text size="sm" fw={600} truncate>
              {c.merchant_name}
            </Text>
            <Text size="xs" c="dimmed" dir="ltr" truncate>
              {c.id}
            </Text>
          </div>
        ),
      },
      { header: t('console.column.kind'), cell: (c) => t(`console.kind.${c.kind}`) },
      { header: t('console.column.signer'), cell: (c) => c.signer_name },
      { header: t('console.column.signed'), cell: (c) => <Day iso={c.signed_at} withTime /> },
      {
        header: t('console.column.language'),
        cell: (c) => t(`console.language.${c.language}`, { defaultValue: c.language }),
      },
      { header: t('console.column.file'), cell: (c) => <Download contract={c} /> },
    ],
    card: (c) => (
      <div>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} truncate>
            {c.merchant_name}
          </Text>
          <Download contract={c} />
        </Group>
        <Text size="sm" c="dimmed">
          {t(`console.kind.${c.kind}`)} · {c.signer_name} · <Day iso={c.signed_at} />
        </Text>
      </div>
    ),
    skeleton: { rows: 8, height: 52 },
  };
}

function SignedContracts() {
  const { t } = useTranslation('contracts');
  const [filters, set] = useAddressFilters(readFilters, writeFilters);
  const commitQuery = useCallback((q: string) => set({ q, page: 1 }), [set]);
  const query = useSignedContracts(filters);
  const look = useLook();
  const contracts = pageOf(query, (answer) => answer.contracts, {
    page: query.data?.page ?? filters.page,
    size: PAGE_SIZE,
    onChange: (page) => set({ page }),
  });
  return (
    <>
      <StaffHeading title={t('console.heading')} intro={t('console.intro')} />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <SearchFilter
          words={t}
          label="console.search"
          placeholder="console.searchPlaceholder"
          value={filters.q}
          onCommit={commitQuery}
          width={320}
        />
      </Group>
      <PagedList
        name="signed-contracts"
        of={contracts}
        look={look}
        words={{ t, prefix: 'console.', filtered: Boolean(filters.q) }}
      />
    </>
  );
}

export function SignedContractsPage() {
  const { t } = useTranslation('contracts');
  return (
    <StaffArea role="ops" current="contracts" words={{ t, prefix: 'console.' }}>
      <SignedContracts />
    </StaffArea>
  );
}
