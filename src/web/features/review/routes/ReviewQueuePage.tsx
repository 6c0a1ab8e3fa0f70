/**
 * The onboarding reviewers' queue (staff area, `/ops/review`; issue 58, docs/review.md): the submitted applications,
 * longest waiting first — business, country, status, submitted when, waiting how long — found by a part of the
 * business name, e-mail or id, by status and by country (all in the address), 20 a page from the server, a table
 * on a desktop and cards on a phone. A row opens the application. Only accounts with the `onboarding_reviewer`
 * staff role see it (the server refuses everyone else's calls with 403 too).
 */
import { Group, Select, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isReviewStatus, REVIEW_STATUSES } from '../../../../domain/review';
import { Day } from '../../../components/Day';
import { PagedList, pageOf } from '../../../components/PagedList';
import { RowLink, type ListLook } from '../../../components/ResponsiveList';
import { StaffHeading } from '../../../components/StaffFrame';
import { SearchFilter } from '../../../components/filters/SearchFilter';
import { useAddressFilters } from '../../../components/useAddressFilters';
import { PAGE_SIZE, useReviewQueue, type QueueFilters, type QueuedApplication } from '../api';
import { REVIEW_COUNTRIES, ReviewerFrame, ReviewStatusBadge, Waiting } from '../components/ReviewParts';

/** The filters in the address: `?q=`, `?status=`, `?country=`, `?page=`. */
const readFilters = (params: URLSearchParams): QueueFilters => {
  const status = params.get('status') ?? '';
  const country = params.get('country') ?? '';
  return {
    q: params.get('q') ?? '',
    status: isReviewStatus(status) ? status : '',
    country: (REVIEW_COUNTRIES as readonly string[]).includes(country) ? country : '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
};
const writeFilters = (f: QueueFilters) => {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.status) params.set('status', f.status);
  if (f.country) params.set('country', f.country);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
};

function useLook(): ListLook<QueuedApplication> {
  const { t } = useTranslation(['review', 'onboarding']);
  const name = (a: QueuedApplication) => a.business_name ?? a.email ?? a.id;
  return {
    columns: [
      {
        header: t('console.column.business'),
        maw: 280,
        cell: (a) => (
          <div>
            <RowLink to={`/ops/review/${encodeURIComponent(a.id)}`}>{name(a)}</RowLink>
            {a.email && (
              <Text size="xs" c="dimmed" truncate>
                {a.email}
              </Text>
            )}
          </div>
        ),
      },
      {
        header: t('console.column.country'),
        cell: (a) => (a.country ? t(`onboarding:enum.country.${a.country}`) : '—'),
      },
      { header: t('console.column.status'), cell: (a) => <ReviewStatusBadge application={a} /> },
      {
        header: t('console.column.submitted'),
        cell: (a) => (a.submitted_at ? <Day iso={a.submitted_at} withTime /> : '—'),
      },
      { header: t('console.column.waiting'), cell: (a) => <Waiting since={a.submitted_at} /> },
    ],
    highlight: true,
    link: (a) => `/ops/review/${encodeURIComponent(a.id)}`,
    card: (a) => (
      <div>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} truncate>
            {name(a)}
          </Text>
          <ReviewStatusBadge application={a} />
        </Group>
        <Text size="sm" c="dimmed">
          {a.country ? t(`onboarding:enum.country.${a.country}`) : '—'} · <Waiting since={a.submitted_at} />
        </Text>
      </div>
    ),
    skeleton: { rows: 8, height: 52 },
  };
}

function Queue() {
  const { t } = useTranslation(['review', 'onboarding']);
  const [filters, set] = useAddressFilters(readFilters, writeFilters);
  const commitQuery = useCallback((q: string) => set({ q, page: 1 }), [set]);
  const query = useReviewQueue(filters);
  const look = useLook();
  const applications = pageOf(query, (answer) => answer.applications, {
    page: query.data?.page ?? filters.page,
    size: PAGE_SIZE,
    onChange: (page) => set({ page }),
  });
  const filtered = Boolean(filters.q || filters.status || filters.country);
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
        <Select
          label={t('console.column.status')}
          placeholder={t('console.waitingAndInReview')}
          data={REVIEW_STATUSES.map((s) => ({ value: s, label: t(`console.status.${s}`) }))}
          value={filters.status || null}
          onChange={(v) => set({ status: v && isReviewStatus(v) ? v : '', page: 1 })}
          clearable
          w={{ base: '100%', xs: 220 }}
          data-testid="review-status"
        />
        <Select
          label={t('console.column.country')}
          placeholder={t('console.allCountries')}
          data={REVIEW_COUNTRIES.map((c) => ({ value: c, label: t(`onboarding:enum.country.${c}`) }))}
          value={filters.country || null}
          onChange={(v) => set({ country: v ?? '', page: 1 })}
          clearable
          w={{ base: '100%', xs: 200 }}
          data-testid="review-country"
        />
      </Group>
      <PagedList
        name="review-queue"
        of={applications}
        look={look}
        words={{ t, prefix: 'console.', filtered }}
      />
    </>
  );
}

export function ReviewQueuePage() {
  return (
    <ReviewerFrame>
      <Queue />
    </ReviewerFrame>
  );
}
