/** The holiday banner on signed-in pages, while its dated setting says so (src/domain/holiday.ts). */
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isHolidayBannerOn } from '../../../domain/holiday';

export function HolidayBanner() {
  const { t } = useTranslation('shell');
  if (!isHolidayBannerOn(new Date())) return null;
  return (
    <Alert color="grape" variant="light" mb="lg" title={t('holiday.title')}>
      {t('holiday.body')}
    </Alert>
  );
}
