/**
 * A team member's stores, as text.
 */
import { Text } from '@mantine/core';
import { type TeamUser } from '../api';

export function StoresText(props: { user: TeamUser }) {
  return (
    <Text size="sm" lineClamp={2}>
      {props.user.stores.map((s, i) => (
        <span key={s.merchant_id}>
          {i > 0 && ', '}
          <bdi>{s.name}</bdi>
        </span>
      ))}
    </Text>
  );
}
