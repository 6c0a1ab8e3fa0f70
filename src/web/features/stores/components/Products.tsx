/**
 * A store's products, as badges.
 */
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function Products(props: { products: string[] }) {
  const { t } = useTranslation('stores');
  return (
    <Group gap={6}>
      {props.products.map((p) => (
        <Badge key={p} variant="outline" color="gray" tt="none">
          {t(`product.${p}`, { defaultValue: p })}
        </Badge>
      ))}
    </Group>
  );
}
