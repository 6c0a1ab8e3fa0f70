/**
 * {capital_base}/loan-applications/{id}/sign (ours; docs/capital.md "From approval to money"): "Accept and sign" on
 * the approved summary opens the advance's contract here, read and signed inside the product (the shared signing
 * component). Signing makes the loan; the merchant then lands on it. An application whose advance was taken goes to
 * its loan; one that is not approved has nothing to sign.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContractSigning } from '../../../components/ContractSigning';
import { notify } from '../../../components/notificationStore';
import { PageHeader } from '../../../components/PageHeader';
import { useCapitalApplication, useCapitalBase } from '../api';
import { ApplicationWaiting } from '../components/ApplicationWaiting';

/** Where an approved application's contract is drawn (components/ContractSigning). */
const capitalContractUrl = (applicationId: string) =>
  `/merchant/api/v1/capital/application/${encodeURIComponent(applicationId)}/contract`;

export function ContractSignPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['capital-money', 'capital']);
  const base = useCapitalBase();
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useCapitalApplication(id);
  if (query.isPending || query.isError) return <ApplicationWaiting query={query} />;
  const a = query.data;
  if (a.loan_id) return <Navigate to={`${base}/loans/${encodeURIComponent(a.loan_id)}`} replace />;
  const page = `${base}/loan-applications/${encodeURIComponent(a.id)}`;
  return (
    <>
      <PageHeader
        title={t('take.signTitle')}
        breadcrumbs={[
          { label: t('capital:crumb.capital'), to: base },
          { label: a.legal_info?.company_name ?? t('capital:crumb.application'), to: page },
        ]}
      />
      <Stack gap="lg" maw={860}>
        {a.status !== 'approved' ? (
          <Alert color="yellow">
            <Text size="sm">{t('take.notApproved')}</Text>
          </Alert>
        ) : (
          <ContractSigning
            prepareUrl={capitalContractUrl(a.id)}
            onSigned={(contract) => {
              void client.invalidateQueries({ queryKey: ['capital'] });
              notify({
                variant: 'success',
                title: t('take.signed'),
                message: t('capital:take.takenBody'),
                autoHide: true,
              });
              const loanId = typeof contract.loan_id === 'string' ? contract.loan_id : null;
              navigate(loanId ? `${base}/loans/${encodeURIComponent(loanId)}` : page, { replace: true });
            }}
          />
        )}
      </Stack>
    </>
  );
}
