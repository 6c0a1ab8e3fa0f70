/**
 * {capital_base}/loans (capital spec §2 Loans list): skeleton cards, best-offer card, active and inactive
 * groups, direct-debit notices.
 */
import { useEffect, useRef } from 'react';
import { Alert, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../../components/ErrorPage';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../components/notificationStore';
import { loanGroups, type ListItem } from '../../../../domain/capital/loans';
import { bestOffer } from '../../../../domain/capital/offers';
import { useApplicationRecords, useCapitalBase, useLoans, useOffers, type LoanView } from '../api';
import { OfferBanner } from '../components/OfferBanner';
import { LoanCard } from '../components/LoanCard';
import { ApplicationCard } from '../components/ApplicationCard';
import { CardsSkeleton } from '../components/CardsSkeleton';

/** {capital_base}/loans (§2 Loans list). */
export function LoansPage() {
  const { t } = useTranslation('capital');
  const base = useCapitalBase();
  const loans = useLoans();
  const applications = useApplicationRecords();
  const offers = useOffers();
  const failed = loans.isError || applications.isError || offers.isError;
  const told = useRef(false);
  useEffect(() => {
    if (failed && !told.current) {
      told.current = true;
      notify({
        variant: 'error',
        title: t('toast.errorTitle'),
        message: t('toast.generic'),
        id: 'capital-loans',
      });
    }
  }, [failed, t]);
  const crumbs = [{ label: t('crumb.capital'), to: base }];
  if (loans.isError && applications.isError && offers.isError) return <ErrorPage status={404} />;
  const pending = loans.isPending || applications.isPending || offers.isPending;
  const best = bestOffer(offers.data ?? []);
  const noLoansOrApplications = (loans.data?.length ?? 0) === 0 && (applications.data?.length ?? 0) === 0;
  // §2: a best offer with no loans or applications goes to that offer's page.
  if (!pending && !failed && best && noLoansOrApplications)
    return <Navigate to={`${base}/offers/${best.id}`} replace />;
  const groups = loanGroups(loans.data ?? [], applications.data ?? []);
  const card = (item: ListItem) =>
    item.kind === 'loan' ? (
      <LoanCard key={item.loan.id} loan={item.loan as LoanView} />
    ) : (
      <ApplicationCard key={item.record.application.application_id} item={item} />
    );
  return (
    <>
      <PageHeader title={t('loans.title')} breadcrumbs={crumbs} />
      {pending ? (
        <Stack gap="lg">
          <Skeleton height={120} radius="lg" />
          <CardsSkeleton />
        </Stack>
      ) : (
        <Stack gap="xl">
          {failed && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
              {t('loans.partial')}
            </Alert>
          )}
          {best && <OfferBanner offer={best} origin="loans_list" />}
          {groups.active.length + groups.inactive.length === 0 && (
            <Card withBorder radius="lg" padding="xl" ta="center">
              <Text fw={600}>{t('loans.empty')}</Text>
              <Text c="dimmed" size="sm">
                {t('loans.emptyBody')}
              </Text>
            </Card>
          )}
          {(['active', 'inactive'] as const).map(
            (group) =>
              groups[group].length > 0 && (
                <section key={group} data-group={group}>
                  <Title order={2} size="h4" mb="sm">
                    {t(`loans.${group}`)}
                  </Title>
                  <SimpleGrid cols={{ base: 1, md: 2 }}>{groups[group].map(card)}</SimpleGrid>
                </section>
              ),
          )}
        </Stack>
      )}
    </>
  );
}
