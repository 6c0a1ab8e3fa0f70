/**
 * Parts the review console's two pages share: an application's status badge (with "sales first" for a path that
 * ended at a reach-out step), how long it has waited, and the countries the queue filters by.
 */
import { Badge, Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { StaffArea } from '../../../components/StaffOnly';
import { useTranslation } from 'react-i18next';
import type { ReviewStatus } from '../../../../domain/review';

/** The onboarding form's countries of main operations (the catalogue's `country` list), for the queue's filter. */
export const REVIEW_COUNTRIES = ['SAU', 'ARE', 'BHR', 'KWT', 'QAT', 'EGY'] as const;

const COLOR: Record<ReviewStatus, string> = {
  partially_submitted: 'blue',
  resubmitted: 'grape',
  in_review: 'cyan',
  sent_back: 'yellow',
  submitted: 'green',
  rejected: 'red',
};

export function ReviewStatusBadge(props: {
  application: { status: ReviewStatus; requires_sales_contact: boolean; round?: number };
}) {
  const { t } = useTranslation('review');
  const { status, requires_sales_contact: sales } = props.application;
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={COLOR[status]} variant="light" data-testid="review-status-badge">
        {t(`console.status.${status}`)}
      </Badge>
      {sales && (
        <Badge color="orange" variant="outline">
          {t('console.salesFirst')}
        </Badge>
      )}
    </Group>
  );
}

const HOUR = 3_600_000;

/** How long since it was sent: hours under a day, then days. */
export function Waiting(props: { since: string | null }) {
  const { t } = useTranslation('review');
  // The moment the page was drawn: waiting times are read in hours and days, not ticked.
  const [now] = useState(() => Date.now());
  if (!props.since) return <>—</>;
  const hours = Math.max(0, Math.floor((now - new Date(props.since).getTime()) / HOUR));
  return (
    <bdi>
      {hours < 24
        ? t('console.waitingHours', { count: hours })
        : t('console.waitingDays', { count: Math.floor(hours / 24) })}
    </bdi>
  );
}

/** The console's pages: for onboarding reviewers only (anyone else reads whom it is for), in the staff frame. */
export function ReviewerFrame(props: { children: ReactNode }) {
  const { t } = useTranslation('review');
  return (
    <StaffArea role="onboarding_reviewer" current="review" words={{ t, prefix: 'console.' }}>
      {props.children}
    </StaffArea>
  );
}
