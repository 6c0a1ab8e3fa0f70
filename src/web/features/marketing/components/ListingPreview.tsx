/**
 * A published store listing as shoppers see it in the marketplace: cover, logo, name, tagline, categories,
 * description and links (schemas/store-listing's answers).
 */
import { storedFileAddress } from '../../../api/upload';
import { Anchor, Badge, Box, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Listing } from '../../../../contract/marketing';

const href = (url: string) => (/^https?:\/\//.test(url) ? url : `https://${url}`);

export function ListingPreview(props: { listing: Listing }) {
  const { t } = useTranslation('marketing');
  const { t: tl } = useTranslation('store-listing');
  const l = props.listing;
  const links = (
    [
      ['website', l.website && href(l.website)],
      ['instagram', l.instagram && `https://instagram.com/${l.instagram.replace(/^@/, '')}`],
      ['appStore', l.app_store && href(l.app_store)],
      ['googlePlay', l.google_play && href(l.google_play)],
    ] as const
  ).filter((x): x is readonly [(typeof x)[0], string] => Boolean(x[1]));
  return (
    <Card withBorder padding={0} data-testid="listing-preview" style={{ overflow: 'hidden' }}>
      <Box h={120} bg="gray.1">
        {l.cover_url && <Image src={storedFileAddress(l.cover_url)} alt="" h={120} fit="cover" />}
      </Box>
      <Stack p="md" gap="xs">
        <Group gap="sm" wrap="nowrap" align="center">
          {l.logo_url ? (
            <Image
              src={storedFileAddress(l.logo_url)}
              alt={t('marketplace.logo')}
              w={56}
              h={56}
              radius="md"
              fit="cover"
            />
          ) : null}
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              <bdi>{l.display_name}</bdi>
            </Title>
            {l.tagline && (
              <Text size="sm" c="dimmed">
                <bdi>{l.tagline}</bdi>
              </Text>
            )}
          </div>
        </Group>
        <Group gap={6}>
          {l.categories.map((c) => (
            <Badge key={c} variant="light">
              {tl(`category.${c}`, { defaultValue: c })}
            </Badge>
          ))}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          <bdi>{l.description}</bdi>
        </Text>
        {links.length > 0 && (
          <Group gap="md">
            {links.map(([key, url]) => (
              <Anchor key={key} href={url} target="_blank" rel="noreferrer" size="sm">
                {t(`marketplace.link.${key}`)}
              </Anchor>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
