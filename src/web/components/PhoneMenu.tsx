/**
 * What a header keeps for a phone behind one button (a page's other actions, a staff member's other pages): an
 * icon button shown below a breakpoint, opening its items as a menu at the reading end.
 */
import { ActionIcon, Menu, type MantineBreakpoint } from '@mantine/core';
import type { ReactNode } from 'react';

export function PhoneMenu(props: {
  /** The button's name for a screen reader ("Page actions", "Menu"). */
  label: string;
  icon: ReactNode;
  /** From this width up the items show in the header itself, and the button hides. */
  hiddenFrom: MantineBreakpoint;
  children: ReactNode;
}) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="default" size="lg" hiddenFrom={props.hiddenFrom} aria-label={props.label}>
          {props.icon}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{props.children}</Menu.Dropdown>
    </Menu>
  );
}
