/**
 * Analytics' calls (docs/analytics.md) as react-query hooks: one call gives the range, the previous range, the
 * series, and the splits by store and product, so changing the metric asks nothing; the CSV is a download.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, retryUnless4xx } from '../../api/client';
import { downloadPost } from '../../api/download';
import type { AnalyticsAnswer, AnalyticsQuery, Figures } from '../../../contract/analytics';

export type { AnalyticsAnswer, Figures };

const A = '/merchant/api/v1/analytics';

const search = (q: AnalyticsQuery) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q))
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  return params.toString();
};

export const useAnalytics = (query: AnalyticsQuery | null, enabled = true) =>
  useQuery({
    queryKey: ['analytics', query],
    enabled: enabled && query !== null,
    queryFn: ({ signal }) => api<AnalyticsAnswer>('GET', `${A}?${search(query!)}`, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: retryUnless4xx,
  });

export const exportAnalytics = (query: AnalyticsQuery) =>
  downloadPost(`${A}/export`, query, `analytics-${query.from}-${query.to}.csv`);
