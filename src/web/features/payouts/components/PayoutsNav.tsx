/** The payouts area's three pages (shell spec §2.6): completed, upcoming, and how reports work. */
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const PAGES = {
  completed: '/finance/payouts',
  upcoming: '/finance/payouts/upcoming',
  how: '/finance/payouts/how-reports-work',
} as const;

export function PayoutsNav(props: { current: keyof typeof PAGES }) {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  return (
    <Tabs
      value={props.current}
      onChange={(page) => page && void navigate(PAGES[page as keyof typeof PAGES])}
      mb="md"
    >
      <Tabs.List>
        <Tabs.Tab value="completed">{t('nav.completed')}</Tabs.Tab>
        <Tabs.Tab value="upcoming">{t('nav.upcoming')}</Tabs.Tab>
        <Tabs.Tab value="how">{t('nav.how')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
