import type { ReactNode } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { theme } from './theme';
import { directionOf, type Language } from '../../domain/language';

/**
 * App-wide providers. Direction follows the language. The data cache (react-query) is provided by the signed-in
 * layout, which loads after sign-in.
 */
export function Providers(props: { language: Language; children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={directionOf(props.language)} detectDirection={false}>
      <MantineProvider theme={theme}>{props.children}</MantineProvider>
    </DirectionProvider>
  );
}
