/**
 * Where a merchant writes to us, after a sentence that ends "write to us:" — the support or capital mailbox the
 * deployment set (SUPPORT_EMAIL, CAPITAL_EMAIL), else the back office's own support page, which every merchant
 * with a question can open. Never a placeholder address (issue 56, point 3).
 */
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteLinks } from '../api/siteLinks';

export function ContactLink(props: { mailbox: 'support_email' | 'capital_email' }) {
  const { t } = useTranslation();
  const address = useSiteLinks()?.[props.mailbox];
  if (address)
    return (
      <Anchor href={`mailto:${address}`} dir="ltr">
        {address}
      </Anchor>
    );
  return (
    <Anchor component={Link} to="/support">
      {t('contact.supportPage')}
    </Anchor>
  );
}
