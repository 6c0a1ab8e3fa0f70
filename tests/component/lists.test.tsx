/**
 * Plain lists of the form (arrayTemplates.tsx): an item has Remove only while the list holds more than its
 * `minItems` — the last required item cannot be removed only to bring back "at least one".
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import validator from '@rjsf/validator-ajv8';
import { Form } from '../../src/engine/react/registry';

const listOf = (minItems?: number) => ({
  type: 'object',
  properties: {
    files: {
      type: 'array',
      title: 'Statements',
      ...(minItems === undefined ? {} : { minItems }),
      items: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
    },
  },
});

function Host(props: { minItems?: number; files: { name: string }[] }) {
  const [data, setData] = useState<Record<string, unknown>>({ files: props.files });
  return (
    <MantineProvider>
      <Form
        schema={listOf(props.minItems) as never}
        uiSchema={{ files: { 'ui:options': { orderable: false } } }}
        validator={validator}
        formData={data}
        onChange={(event) => setData(event.formData as Record<string, unknown>)}
      >
        <span />
      </Form>
    </MantineProvider>
  );
}

describe('a plain list', () => {
  it('offers no Remove on its one required item, and Remove on each once there are more', async () => {
    const user = userEvent.setup();
    render(<Host minItems={1} files={[{ name: 'may.pdf' }]} />);
    expect(screen.getAllByLabelText('Name')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /remove/i })).toBeNull();
    await user.click(screen.getByRole('button', { name: /add/i }));
    expect(screen.getAllByLabelText('Name')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /remove/i })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: /remove/i })[1]!);
    expect(screen.queryByRole('button', { name: /remove/i })).toBeNull();
  });

  it('without minItems, lets its last item go', () => {
    render(<Host files={[{ name: 'may.pdf' }]} />);
    expect(screen.getAllByRole('button', { name: /remove/i })).toHaveLength(1);
  });
});
