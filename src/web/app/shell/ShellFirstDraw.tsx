/**
 * A signed-in page as the HTML draws it before the app's code has run (issue 54; domain/bootFrame.ts): the shell's
 * top bar, the sidebar's shape, the page's title and the shape of its content. Drawn at build for each page of
 * SIGNED_IN_FRAMES and language (app/prerender.tsx) with the layout's own components, so nothing moves when the
 * app draws the real page over it. The sidebar's items depend on what the account may see, which the HTML does
 * not know: it is drawn as bars, never as items the member may not have.
 */
import { AppShell, Skeleton, Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { DRAWER_BREAKPOINT, SIDEBAR_WIDTH } from './layout';
import { ShellHeader } from './ShellHeader';

const nothing = () => {};

/** The sidebar's items' shape: two sections of short and long names. */
const ITEM_WIDTHS = ['70%', '55%', '80%', '60%', null, '75%', '65%', '50%'];

export function ShellFirstDraw(props: { title?: string }) {
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: SIDEBAR_WIDTH.expanded,
        breakpoint: DRAWER_BREAKPOINT,
        collapsed: { mobile: true },
      }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <ShellHeader drawer={false} onBurger={nothing} onSignOut={nothing} firstDraw />
      </AppShell.Header>
      <AppShell.Navbar p="md">
        <Stack gap="md">
          {ITEM_WIDTHS.map((width, i) =>
            width ? <Skeleton key={i} h={20} w={width} /> : <Skeleton key={i} h={8} w="30%" mt="sm" />,
          )}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        <Stack gap="md">
          {props.title ? <PageHeader title={props.title} /> : <Skeleton h={28} w="40%" />}
          <Skeleton h={18} w="60%" />
          <Skeleton h={240} radius="lg" />
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
