/**
 * A long step's fields in <form>s of a few fields each (ObjectFieldTemplate.tsx, fieldGroups.ts), as the wizard's
 * rjsf form draws them: every field in a form, none over the limit, a short step one form, the typed field kept
 * (same element, focus kept) when a rule reveals a field, and Enter in a form going nowhere.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import validator from '@rjsf/validator-ajv8';
import { StepForm } from '../../src/engine/react/StepForm';
import type { LoadedStep } from '../../src/engine/react/browserFlowSource';
import { MAX_FIELDS_PER_FORM } from '../../src/engine/react/fieldGroups';
import { localRefs } from '../../src/engine/core/schemaRef';
import type { FormData } from '../../src/engine/core/types';

type RJSFSchema = Record<string, unknown>;

const fields = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { type: 'string', title: `Field ${i}` }]));

/** The step as the wizard draws it (StepForm), with what of a loaded step it reads. */
function Step(props: { schema: RJSFSchema; initial?: FormData }) {
  const [data, setData] = useState<FormData>(props.initial ?? {});
  const step = useState(
    () =>
      ({
        id: 'long',
        schema: props.schema,
        ui: {},
        resolve: localRefs(props.schema as never),
        rjsfValidator: validator,
      }) as unknown as LoadedStep,
  )[0];
  return (
    <MantineProvider>
      <StepForm step={step} ui={step.ui} data={data} errorSchema={{}} onChange={setData} />
    </MantineProvider>
  );
}

const forms = (container: HTMLElement) => [...container.querySelectorAll('form')];

describe("a step's forms", () => {
  it('hold every field of a 20-field step, at most 4 to a form, in the order of the schema', () => {
    const { container } = render(<Step schema={{ type: 'object', properties: fields(20) }} />);
    const all = forms(container);
    expect(all).toHaveLength(5);
    const counts = all.map((form) => form.querySelectorAll('input').length);
    expect(counts.reduce((a, b) => a + b)).toBe(20);
    expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_FIELDS_PER_FORM);
    // No field is left outside a form, and none nests in another form.
    expect([...container.querySelectorAll('input')].every((input) => input.closest('form'))).toBe(true);
    expect(container.querySelector('form form')).toBeNull();
    const order = [...container.querySelectorAll('input')].map((input) => input.id);
    expect(order).toEqual(Object.keys(fields(20)).map((name) => `root_${name}`));
  });

  it("keeps an object the step's schema refers to whole in one form", () => {
    const address = Object.fromEntries(
      ['line1', 'line2', 'city', 'region', 'postcode', 'country'].map((n) => [
        n,
        { type: 'string', title: n },
      ]),
    );
    const schema = {
      type: 'object',
      $defs: { address: { type: 'object', properties: address } },
      properties: { address: { $ref: '#/$defs/address', title: 'Address' }, ...fields(3) },
    };
    const { container } = render(<Step schema={schema} />);
    // 9 fields: the address's six in one form, whole, then the other three; counted as one field, the address
    // would have left a single form of 4.
    const all = forms(container);
    expect(all).toHaveLength(2);
    const cityForm = container.querySelector('#root_address_city')!.closest('form');
    expect(cityForm).toBe(all[0]);
    expect(container.querySelector('#root_address_line1')!.closest('form')).toBe(cityForm);
    expect(container.querySelector('#root_address_country')!.closest('form')).toBe(cityForm);
    expect(container.querySelector('#root_f0')!.closest('form')).toBe(all[1]);
  });

  it('is one form for a step of 4 fields', () => {
    const { container } = render(<Step schema={{ type: 'object', properties: fields(4) }} />);
    expect(forms(container)).toHaveLength(1);
    expect(forms(container)[0]!.querySelectorAll('input')).toHaveLength(4);
  });

  it('draws no placeholder where the schema gives none (an empty one is re-styled by Chromium on every key)', () => {
    const { container } = render(<Step schema={{ type: 'object', properties: fields(3) }} />);
    expect(container.querySelectorAll('input')).toHaveLength(3);
    expect(container.querySelector('input[placeholder]')).toBeNull();
  });

  it('keeps the field being typed in, and its form, when a rule reveals another field', async () => {
    // f0 = "yes" reveals "extra": with it the step has 17 fields, as many forms as before, none moved.
    const schema: RJSFSchema = {
      type: 'object',
      properties: fields(16),
      if: { properties: { f0: { const: 'yes' } }, required: ['f0'] },
      then: { properties: { extra: { type: 'string', title: 'Extra' } } },
    };
    const { container } = render(<Step schema={schema} />);
    const before = forms(container);
    const typed = screen.getByLabelText('Field 0');
    const user = userEvent.setup();
    await user.click(typed);
    await user.keyboard('yes');
    expect(await screen.findByLabelText('Extra')).toBeTruthy();
    expect(screen.getByLabelText('Field 0')).toBe(typed);
    expect(document.activeElement).toBe(typed);
    expect((typed as HTMLInputElement).value).toBe('yes');
    // The same form elements, each field still in the one it was in.
    expect(forms(container)).toEqual(before);
    expect(typed.closest('form')).toBe(before[0]);
  });

  it('go nowhere on Enter: the submit is stopped and nothing is checked', () => {
    const { container } = render(
      <Step schema={{ type: 'object', required: ['f0'], properties: fields(9) }} />,
    );
    const form = forms(container)[1]!;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    fireEvent(form, submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(form.noValidate).toBe(true);
    // rjsf's own submit (which would mark f0 as missing) does not run for a form inside it.
    expect(screen.queryByText(/required/i)).toBeNull();
  });
});

describe('a field’s message', () => {
  /** The step with a message the server or validation gave each field. */
  function StepWithErrors(props: { schema: RJSFSchema; ui?: Record<string, unknown>; errors: object }) {
    const step = {
      id: 'errors',
      schema: props.schema,
      ui: props.ui ?? {},
      resolve: localRefs(props.schema as never),
      rjsfValidator: validator,
    } as unknown as LoadedStep;
    return (
      <MantineProvider>
        <StepForm step={step} ui={step.ui} data={{}} errorSchema={props.errors} onChange={() => undefined} />
      </MantineProvider>
    );
  }
  const choices = { type: 'array', items: { type: 'string', enum: ['online', 'store'] }, uniqueItems: true };

  /** The copies of a message a merchant can see (one hidden for screen readers' `aria-describedby` is not one). */
  const seen = (text: string) =>
    screen.queryAllByText(text).filter((el) => !el.closest('[style*="display: none"]'));

  it('shows once under a checkbox group and a multi-select of choices (issue 56)', async () => {
    render(
      <StepWithErrors
        schema={{ type: 'object', properties: { sales: choices, channels: choices } }}
        ui={{ sales: { 'ui:widget': 'checkboxes' } }}
        errors={{ sales: { __errors: ['Pick where you sell'] }, channels: { __errors: ['Pick a channel'] } }}
      />,
    );
    await screen.findAllByRole('checkbox'); // the group's widget loads on demand
    expect(seen('Pick where you sell')).toHaveLength(1);
    expect(seen('Pick a channel')).toHaveLength(1);
  });

  it('still shows under a list of entries, which has no input of its own', () => {
    render(
      <StepWithErrors
        schema={{
          type: 'object',
          properties: {
            owners: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
          },
        }}
        errors={{ owners: { __errors: ['Add at least one owner'] } }}
      />,
    );
    expect(seen('Add at least one owner')).toHaveLength(1);
  });
});
