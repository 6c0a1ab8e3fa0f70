/**
 * Pages for the provider's own staff (the form studio and the support chat console for product ops, the ads
 * console for ads ops): a visitor goes to sign-in and comes back; an account without the page's staff role is told
 * the page is not for them (the server refuses their calls too, with 403) instead of seeing an empty page.
 */
import { Button, Card, Container, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useAccount, type StaffRole } from '../api/account';

export function StaffOnly(props: {
  /** The staff role the page is for (accounts' `staff_role`): product ops by default. */
  role?: StaffRole;
  /** What an account without the role reads: a title, a line, and the way back to its own pages. */
  denied: { title: string; body: string; back: string };
  children: ReactNode;
}) {
  const account = useAccount();
  const location = useLocation();
  if (account.isPending) return <Skeleton h={240} m="md" />;
  if (!account.data)
    return (
      <Navigate to={`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />
    );
  if (account.data.staff_role !== (props.role ?? 'ops'))
    return (
      <Container size="sm" py="xl">
        <Card withBorder>
          <Title order={3}>{props.denied.title}</Title>
          <Text mt="sm">{props.denied.body}</Text>
          <Button component={Link} to="/" mt="md">
            {props.denied.back}
          </Button>
        </Card>
      </Container>
    );
  return <>{props.children}</>;
}
