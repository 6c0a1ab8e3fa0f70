import type { ReactNode } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { theme } from './theme';
import { directionOf, type Language } from '../../domain/language';

/** App-wide providers. Direction follows the language; `key` remounts Mantine portals on a switch. */
export function Providers(props: { queryClient: QueryClient; language: Language; children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={directionOf(props.language)} detectDirection={false}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={props.queryClient}>{props.children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
