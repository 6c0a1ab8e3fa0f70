/** The form studio's calls (src/server/routes/studio.ts) through react-query. */
import { useQuery } from '@tanstack/react-query';
import { useChange } from '../../api/useChange';
import { api } from '../../api/client';
import type { FlowVersionContent } from '../../../catalogue/version';
import type { Change, Classification } from '../../../catalogue/classify';
import type { CatalogueProblem } from '../../../engine/core/types';
import type {
  AuditEntry,
  AuditPage,
  DiffAnswer,
  Impact,
  PublishAnswer,
  PublishBody,
  Review,
  RollbackAnswer,
  RollbackBody,
  RollbackReview,
  RolloutAnswer,
  RolloutBody,
  StudioFlow,
  VersionEntry,
  WithdrawBody,
  WorkingCopy,
} from '../../../contract/studio';
import type { InsightAlert, Insights, InsightsQuery } from '../../../contract/formInsights';
import type { Static } from '../../../contract/common';

export type { FlowVersionContent, Change, Classification, CatalogueProblem };
export type { AuditEntry, DiffAnswer, Impact, Review, RollbackReview, StudioFlow, VersionEntry, WorkingCopy };
export type { InsightAlert, Insights, InsightsQuery };

const BASE = '/merchant/api/v1/studio';

export const studioKeys = {
  flows: ['studio', 'flows'] as const,
  versions: (flow: string) => ['studio', 'versions', flow] as const,
  version: (flow: string, id: string) => ['studio', 'version', flow, id] as const,
  workingCopy: (flow: string) => ['studio', 'working-copy', flow] as const,
  diff: (flow: string, from: string, to: string) => ['studio', 'diff', flow, from, to] as const,
  rollback: (flow: string, to: string) => ['studio', 'rollback', flow, to] as const,
  audit: (flow: string | undefined, offset: number) => ['studio', 'audit', flow ?? '', offset] as const,
  insights: (flow: string, query: InsightsQuery) => ['studio', 'insights', flow, query] as const,
  alerts: ['studio', 'alerts'] as const,
};

export const useStudioFlows = () =>
  useQuery({
    queryKey: studioKeys.flows,
    queryFn: async () => (await api<{ flows: StudioFlow[] }>('GET', `${BASE}/flows`)).flows,
  });

export const useVersions = (flow: string) =>
  useQuery({
    queryKey: studioKeys.versions(flow),
    queryFn: async () =>
      (await api<{ versions: VersionEntry[] }>('GET', `${BASE}/flows/${flow}/versions`)).versions,
  });

export const useWorkingCopy = (flow: string) =>
  useQuery({
    queryKey: studioKeys.workingCopy(flow),
    queryFn: () => api<WorkingCopy>('GET', `${BASE}/flows/${flow}/working-copy`),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const saveWorkingCopy = (flow: string, baseVersion: string, content: FlowVersionContent) =>
  api<Review>('PUT', `${BASE}/flows/${flow}/working-copy`, { base_version: baseVersion, content });

export const discardWorkingCopy = (flow: string) => api<null>('DELETE', `${BASE}/flows/${flow}/working-copy`);

export const fetchReview = (flow: string) => api<Review>('GET', `${BASE}/flows/${flow}/review`);

export const fetchPreview = (flow: string) =>
  api<{ flow: string; version: string; manifest: string }>('POST', `${BASE}/flows/${flow}/preview`, {});

export const useDiff = (flow: string, from: string | null, to: string | null) =>
  useQuery({
    queryKey: studioKeys.diff(flow, from ?? '', to ?? ''),
    enabled: !!from && !!to && from !== to,
    queryFn: () => api<DiffAnswer>('GET', `${BASE}/flows/${flow}/diff?from=${from}&to=${to}`),
    staleTime: Infinity,
  });

export const useRollbackReview = (flow: string, to: string | null) =>
  useQuery({
    queryKey: studioKeys.rollback(flow, to ?? ''),
    enabled: !!to,
    queryFn: () => api<RollbackReview>('GET', `${BASE}/flows/${flow}/rollback?to=${to}`),
  });

export const useAudit = (flow: string | undefined, offset: number) =>
  useQuery({
    queryKey: studioKeys.audit(flow, offset),
    queryFn: () =>
      api<Static<typeof AuditPage>>(
        'GET',
        `${BASE}/audit?limit=20&offset=${offset}${flow ? `&flow=${flow}` : ''}`,
      ),
  });

/** Publishing or rolling back moves a flow's pointer: the studio's reads are done again before it is done. */
export const usePublish = (flow: string) =>
  useChange({
    send: (input: Static<typeof PublishBody>) =>
      api<Static<typeof PublishAnswer>>('POST', `${BASE}/flows/${flow}/publish`, input),
    refresh: [['studio']],
    waitForRefresh: true,
  });

export const useRollback = (flow: string) =>
  useChange({
    send: (input: Static<typeof RollbackBody>) =>
      api<Static<typeof RollbackAnswer>>('POST', `${BASE}/flows/${flow}/rollback`, input),
    refresh: [['studio']],
    waitForRefresh: true,
  });

/** The first 8 hex digits of a version id: enough to tell versions apart on screen. */
export const shortId = (id: string | null | undefined) => (id ? id.slice(0, 8) : '');

/** A flow version's insights, beside another when `against` is given (docs/form-insights.md). */
export const useInsights = (flow: string, query: InsightsQuery, enabled = true) =>
  useQuery({
    queryKey: studioKeys.insights(flow, query),
    enabled,
    queryFn: () => {
      const params = new URLSearchParams(
        Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      return api<Insights>('GET', `${BASE}/flows/${flow}/insights?${params.toString()}`);
    },
    placeholderData: (previous) => previous,
  });

/** The flows whose newest version completes worse than the one before it. */
export const useAlerts = () =>
  useQuery({
    queryKey: studioKeys.alerts,
    queryFn: async () => (await api<{ alerts: InsightAlert[] }>('GET', `${BASE}/alerts`)).alerts,
  });

/** A staged rollout widened, narrowed or finished (100 %); the studio's reads are done again. */
export const useChangeRollout = (flow: string) =>
  useChange({
    send: (input: Static<typeof RolloutBody>) =>
      api<Static<typeof RolloutAnswer>>('PUT', `${BASE}/flows/${flow}/rollout`, input),
    refresh: [['studio']],
    waitForRefresh: true,
  });

export const useWithdrawRollout = (flow: string) =>
  useChange({
    send: (input: Static<typeof WithdrawBody>) =>
      api<Static<typeof RolloutAnswer>>('POST', `${BASE}/flows/${flow}/rollout/withdraw`, input),
    refresh: [['studio']],
    waitForRefresh: true,
  });
