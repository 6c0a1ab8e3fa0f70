import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDirection } from '@mantine/core';
import { setLanguage } from '../i18n';
import { directionOf } from '../../domain/language';

/**
 * Switches between English and Arabic. A `lang` parameter in the address
 * is removed, so a reload keeps the language chosen here.
 */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const { setDirection } = useDirection();
  const location = useLocation();
  const navigate = useNavigate();
  const next = i18n.language === 'ar' ? 'en' : 'ar';

  const onClick = async () => {
    // Drop a `lang` parameter first, so the address cannot switch the language straight back.
    const params = new URLSearchParams(location.search);
    if (params.has('lang')) {
      params.delete('lang');
      const search = params.toString();
      await navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        { replace: true },
      );
    }
    await setLanguage(next);
    setDirection(directionOf(next));
  };

  return (
    <Button
      variant="subtle"
      color="navy"
      size="compact-md"
      onClick={onClick}
      aria-label={t('language.switchLabel')}
      lang={next}
    >
      {t('language.switchTo')}
    </Button>
  );
}
