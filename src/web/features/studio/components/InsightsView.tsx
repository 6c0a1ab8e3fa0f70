/**
 * A flow's insights in the studio (issue 61; docs/form-insights.md): for one version — by default a rollout's,
 * beside the current one — starts, submits and the completion rate, the funnel by step as a chart
 * (`@mantine/charts`) with the same figures in a table under it, time per step, the fields whose messages
 * merchants meet most; by language and device; as CSV.
 */
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../api/download';
import { langOf } from '../../../components/listText';
import type { VersionInsights } from '../../../../contract/formInsights';
import { insightsCsv } from '../insightsCsv';
import { shortId, useInsights, useVersions, type Insights, type InsightsQuery } from '../api';

const DEVICES = ['phone', 'tablet', 'desktop'] as const;

const percent = (share: number | null, lang: string) =>
  share === null
    ? '—'
    : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(share);
const seconds = (value: number | null, lang: string) =>
  value === null ? '—' : new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(value);

export function InsightsView(props: { flow: string; current: string; rollout: { version: string } | null }) {
  const { t, i18n } = useTranslation('studio');
  const lang = langOf(i18n.language);
  const versions = useVersions(props.flow);
  const [version, setVersion] = useState(props.rollout?.version ?? props.current);
  const [against, setAgainst] = useState<string | null>(props.rollout ? props.current : null);
  const [language, setLanguage] = useState('');
  const [device, setDevice] = useState<string | null>(null);
  const query: InsightsQuery = {
    version,
    ...(against && against !== version ? { against } : {}),
    ...(language ? { lang: language as 'en' | 'ar' } : {}),
    ...(device ? { device: device as (typeof DEVICES)[number] } : {}),
  };
  const insights = useInsights(props.flow, query);
  const options = (versions.data ?? []).map((v) => ({
    value: v.id,
    label: `${shortId(v.id)} · ${new Date(v.created_at).toLocaleDateString(lang === 'ar' ? 'ar' : 'en-GB', { day: 'numeric', month: 'short' })}${
      v.serving !== null ? ` · ${t('insights.serving', { share: v.serving })}` : ''
    }`,
  }));
  return (
    <Stack data-testid="insights">
      <Text size="sm" c="dimmed">
        {t('insights.help')}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('insights.version')}
          data={options}
          value={version}
          onChange={(value) => value && setVersion(value)}
          allowDeselect={false}
          w={300}
          data-testid="insights-version"
        />
        <Select
          label={t('insights.against')}
          placeholder={t('insights.againstNone')}
          data={options.filter((o) => o.value !== version)}
          value={against}
          onChange={setAgainst}
          clearable
          w={300}
          data-testid="insights-against"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('insights.language')}
          </Text>
          <SegmentedControl
            value={language}
            onChange={setLanguage}
            data={[
              { value: '', label: t('insights.all') },
              { value: 'en', label: 'English' },
              { value: 'ar', label: 'العربية' },
            ]}
          />
        </Stack>
        <Select
          label={t('insights.device')}
          placeholder={t('insights.all')}
          data={DEVICES.map((d) => ({ value: d, label: t(`insights.devices.${d}`) }))}
          value={device}
          onChange={setDevice}
          clearable
          w={160}
        />
        <Button
          variant="default"
          disabled={!insights.data}
          onClick={() =>
            insights.data &&
            saveBlob(
              new Blob([insightsCsv(insights.data, lang)], { type: 'text/csv;charset=utf-8' }),
              `insights-${props.flow}-${shortId(version)}.csv`,
            )
          }
        >
          {t('insights.csv')}
        </Button>
      </Group>
      {insights.isPending ? (
        <Skeleton h={320} />
      ) : insights.isError ? (
        <Alert color="red">{t('load.failed')}</Alert>
      ) : (
        <Figures insights={insights.data} />
      )}
    </Stack>
  );
}

function Figures(props: { insights: Insights }) {
  const { t } = useTranslation('studio');
  const { current, against } = props.insights;
  if (current.started === 0 && (against?.started ?? 0) === 0)
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed">{t('insights.empty')}</Text>
      </Paper>
    );
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: against ? 2 : 1 }}>
        <Summary figures={current} title={t('insights.thisVersion', { version: shortId(current.version) })} />
        {against && (
          <Summary
            figures={against}
            title={t('insights.otherVersion', { version: shortId(against.version) })}
          />
        )}
      </SimpleGrid>
      <Verdict insights={props.insights} />
      <Funnel insights={props.insights} />
      <StepTable insights={props.insights} />
      <FieldTable figures={current} />
    </Stack>
  );
}

function Summary(props: { figures: VersionInsights; title: string }) {
  const { t, i18n } = useTranslation('studio');
  const lang = langOf(i18n.language);
  const { figures } = props;
  const number = (value: number) => new Intl.NumberFormat(lang).format(value);
  const items = [
    [t('insights.started'), number(figures.started)],
    [t('insights.submitted'), number(figures.submitted)],
    [t('insights.rate'), percent(figures.completion_rate, lang)],
    [t('insights.abandoned'), number(figures.abandoned)],
  ];
  return (
    <Paper withBorder p="md">
      <Text fw={600} mb="xs" ff="monospace">
        {props.title}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        {items.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="lg">
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** The two versions' difference, and whether it is more than noise (the z-test). */
function Verdict(props: { insights: Insights }) {
  const { t, i18n } = useTranslation('studio');
  const lang = langOf(i18n.language);
  const { comparison } = props.insights;
  if (!comparison || comparison.difference === null) return null;
  const points = (value: number) =>
    new Intl.NumberFormat(lang, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(value * 100);
  const worse = comparison.difference < 0;
  return (
    <Alert
      data-testid="insights-verdict"
      color={!comparison.significant ? 'gray' : worse ? 'red' : 'green'}
      title={comparison.significant ? t(worse ? 'insights.worse' : 'insights.better') : t('insights.noise')}
    >
      {t('insights.difference', {
        difference: points(comparison.difference),
        margin: new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(
          (comparison.margin ?? 0) * 100,
        ),
      })}
    </Alert>
  );
}

/** How many drafts reached each step, both versions side by side. A picture: the table says the same. */
function Funnel(props: { insights: Insights }) {
  const { t, i18n } = useTranslation('studio');
  const rtl = i18n.dir() === 'rtl';
  // A phone keeps room for the bars: the steps' names in a narrower column.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const { current, against } = props.insights;
  const share = (v: VersionInsights, step: string) =>
    Math.round((v.steps.find((s) => s.step === step)?.reached_share ?? 0) * 1000) / 10;
  const data = current.steps.map((s) => ({
    step: s.step,
    current: share(current, s.step),
    ...(against ? { against: share(against, s.step) } : {}),
  }));
  return (
    <Paper withBorder p="md" data-testid="insights-funnel">
      <Title order={5} mb="sm">
        {t('insights.funnel')}
      </Title>
      <BarChart
        // One bar per step, down the page: a long form's step names read in full, on a phone too.
        h={Math.max(160, data.length * (against ? 34 : 24) + 70)}
        data={data}
        dataKey="step"
        orientation="vertical"
        aria-hidden
        accessibilityLayer={false}
        valueFormatter={(value) => `${value} %`}
        series={[
          { name: 'current', label: shortId(current.version), color: 'teal.6' },
          ...(against ? [{ name: 'against', label: shortId(against.version), color: 'gray.5' }] : []),
        ]}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        gridAxis="x"
        xAxisProps={{ reversed: rtl, domain: [0, 100], tickFormatter: (value: number) => `${value} %` }}
        yAxisProps={{
          orientation: rtl ? 'right' : 'left',
          width: narrow ? 112 : 210,
          interval: 0,
          fontSize: narrow ? 10 : 11,
          // A long step name is cut to its column (the table under the chart names it in full).
          tickFormatter: (step: string) => {
            const room = narrow ? 17 : 32;
            return step.length > room ? `${step.slice(0, room - 1)}…` : step;
          },
        }}
        tooltipAnimationDuration={0}
      />
    </Paper>
  );
}

function StepTable(props: { insights: Insights }) {
  const { t, i18n } = useTranslation('studio');
  const lang = langOf(i18n.language);
  const { current, against } = props.insights;
  const other = (step: string) => against?.steps.find((s) => s.step === step);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" data-testid="insights-steps">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('insights.step')}</Table.Th>
            <Table.Th>{t('insights.reached')}</Table.Th>
            {against && <Table.Th>{t('insights.reachedOther')}</Table.Th>}
            <Table.Th>{t('insights.completed')}</Table.Th>
            <Table.Th>{t('insights.leftThere')}</Table.Th>
            <Table.Th>{t('insights.abandoned')}</Table.Th>
            <Table.Th>{t('insights.median')}</Table.Th>
            <Table.Th>{t('insights.p90')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {current.steps.map((s) => (
            <Table.Tr key={s.step}>
              <Table.Td ff="monospace">{s.step}</Table.Td>
              <Table.Td>
                {s.reached} ({percent(s.reached_share, lang)})
              </Table.Td>
              {against && <Table.Td>{percent(other(s.step)?.reached_share ?? null, lang)}</Table.Td>}
              <Table.Td>{s.completed}</Table.Td>
              <Table.Td>{s.left}</Table.Td>
              <Table.Td>{s.abandoned}</Table.Td>
              <Table.Td>{seconds(s.median_seconds, lang)}</Table.Td>
              <Table.Td>{seconds(s.p90_seconds, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The fields whose messages merchants met most, the message in the page's language. */
function FieldTable(props: { figures: VersionInsights }) {
  const { t, i18n } = useTranslation(['studio', 'validation']);
  const lang = langOf(i18n.language);
  const { fields } = props.figures;
  /** One of the engine's own messages, in the page's language; a key with no words of its own shows as itself. */
  const engineWords = (rule: string) => {
    const words: unknown = t(rule, { returnObjects: true, defaultValue: rule });
    // Its limits ({{limit}}) belong to the field's schema, which a count does not carry.
    return typeof words === 'string' ? words.replace(/\{\{\s*\w+\s*\}\}/g, '…') : rule;
  };
  return (
    <Stack gap="xs">
      <Title order={5}>{t('insights.fields')}</Title>
      {fields.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('insights.noFields')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" data-testid="insights-fields">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('insights.step')}</Table.Th>
                <Table.Th>{t('insights.field')}</Table.Th>
                <Table.Th>{t('insights.message')}</Table.Th>
                <Table.Th>{t('insights.shown')}</Table.Th>
                <Table.Th>{t('insights.drafts')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((f) => (
                <Table.Tr key={`${f.step}${f.field}${f.rule}`}>
                  <Table.Td ff="monospace">{f.step}</Table.Td>
                  <Table.Td ff="monospace">{f.field}</Table.Td>
                  <Table.Td>
                    {/* A rule the version has no words for is one of the engine's own messages. */}
                    {f.text[lang] === f.rule ? engineWords(f.rule) : f.text[lang]}{' '}
                    <Badge variant="light" color="gray" size="xs" ff="monospace">
                      {f.rule}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{f.shown}</Table.Td>
                  <Table.Td>{f.drafts}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
