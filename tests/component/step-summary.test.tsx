/** The read-only answers of a step (application view): values picked from server lists show their names. */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import common from '../../locales/en/common.json';
import { StepSummary } from '../../src/engine/react/StepSummary';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', ns: ['common'], defaultNS: 'common', resources: { en: { common } } });

const schema = {
  type: 'object',
  properties: { section_id: { type: 'integer' }, category_id: { type: 'integer' } },
};
const ui = {
  section_id: {
    'ui:title': 'Business section',
    'ui:widget': 'apiSelect',
    'ui:options': { source: 'sections' },
  },
  category_id: {
    'ui:title': 'Category',
    'ui:widget': 'apiSelect',
    'ui:options': { source: 'categories', dependsOn: '/section_id' },
  },
};
const wrap = (node: React.ReactNode) => (
  <I18nextProvider i18n={i18n}>
    <MantineProvider env="test">{node}</MantineProvider>
  </I18nextProvider>
);

describe('StepSummary', () => {
  it('shows the names of values picked from server lists, asking for the category list of the chosen section', async () => {
    const options = vi.fn(async (source: string, parent: unknown) =>
      source === 'sections'
        ? [
            { value: 2, label: 'Clothing' },
            { value: 3, label: 'Electronics' },
          ]
        : parent === 3
          ? [{ value: 301, label: 'Mobile phones' }]
          : [],
    );
    render(
      wrap(
        <StepSummary schema={schema} ui={ui} data={{ section_id: 3, category_id: 301 }} options={options} />,
      ),
    );
    expect(await screen.findByText('Electronics')).toBeTruthy();
    expect(await screen.findByText('Mobile phones')).toBeTruthy();
    expect(options).toHaveBeenCalledWith('categories', 3, 'en');
    expect(screen.queryByText('301')).toBeNull();
  });

  it('falls back to the stored value when the list cannot be had', async () => {
    const options = vi.fn(async () => Promise.reject(new Error('offline')));
    render(
      wrap(
        <StepSummary schema={schema} ui={ui} data={{ section_id: 3, category_id: 301 }} options={options} />,
      ),
    );
    expect(await screen.findByText('3')).toBeTruthy();
    expect(await screen.findByText('301')).toBeTruthy();
  });
});
