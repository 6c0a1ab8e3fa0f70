import { useMemo, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cssVariablesResolver, theme } from './theme';
import { directionOf, type Language } from '../../domain/language';

/**
 * App-wide providers. Direction follows the language. The data cache (react-query) is provided by the signed-in
 * layout, which loads after sign-in.
 */
export function Providers(props: { language: Language; children: ReactNode }) {
  const { t } = useTranslation();
  // Every dialog's and drawer's × is named in the page's language (a button with no name is read as "button").
  const closeLabel = t('dialog.close');
  const themed = useMemo(() => {
    const closeButtonProps = { 'aria-label': closeLabel };
    // Plain objects, not Modal.extend(): importing the components here would put them on the sign-in page.
    return mergeThemeOverrides(theme, {
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
      },
    });
  }, [closeLabel]);
  return (
    <DirectionProvider initialDirection={directionOf(props.language)} detectDirection={false}>
      <MantineProvider theme={themed} cssVariablesResolver={cssVariablesResolver}>
        {props.children}
      </MantineProvider>
    </DirectionProvider>
  );
}
