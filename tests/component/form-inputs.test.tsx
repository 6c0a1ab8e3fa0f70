/**
 * rjsf's text inputs as our theme draws them (BaseInputTemplate, TextareaWidget):
 * typing shows at once, reaches the form on blur, numbers arrive as numbers,
 * and a value the form replaces is shown.
 */
import { Profiler, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import validator from '@rjsf/validator-ajv8';
import { Form } from '../../src/engine/react/registry';
import { HAND_OVER_MS } from '../../src/engine/widgets/useDeferredChange';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    count: { type: 'integer', title: 'Count' },
    note: { type: 'string', title: 'Note' },
    site: { type: 'string', title: 'Website', format: 'https-url' },
  },
} as const;

function Host(props: { onChange: (data: unknown) => void; onBlur: (id: string) => void }) {
  const [data, setData] = useState<Record<string, unknown>>({ name: 'Old' });
  return (
    <MantineProvider>
      <Form
        schema={schema as never}
        uiSchema={{ note: { 'ui:widget': 'textarea' } }}
        validator={validator}
        formData={data}
        onChange={(event) => {
          setData(event.formData as Record<string, unknown>);
          props.onChange(event.formData);
        }}
        onBlur={props.onBlur}
      >
        <button type="button" onClick={() => setData({})}>
          reset
        </button>
      </Form>
    </MantineProvider>
  );
}

describe('text inputs of the form', () => {
  it('show typing at once and hand it to the form before the blur is reported', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(<Host onChange={onChange} onBlur={onBlur} />);
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Noor');
    expect(name.value).toBe('Noor');
    await user.click(screen.getByLabelText('Count'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Noor' }));
    // The form has the typed value when the blur is reported (a hand-over begun in a transition before the blur
    // may still report the same value after it, on a busy machine: that report changes nothing).
    const handedOver = onChange.mock.calls.findIndex(([data]) => (data as { name?: string }).name === 'Noor');
    expect(onChange.mock.invocationCallOrder[handedOver]!).toBeLessThan(
      onBlur.mock.invocationCallOrder.at(-1)!,
    );
    expect(onBlur).toHaveBeenLastCalledWith('root_name', 'Noor');
  });

  it('keep what is typed in the input, committing nothing per keystroke, until the typing pauses', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const commits = vi.fn();
    render(
      <Profiler id="form" onRender={commits}>
        <Host onChange={onChange} onBlur={() => undefined} />
      </Profiler>,
    );
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    await user.click(name);
    commits.mockClear();
    await user.keyboard('{End}ab');
    // On screen at once, and no render or commit for it: the browser keeps the text (useTypedInput).
    expect(name.value).toBe('Oldab');
    expect(commits).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, HAND_OVER_MS + 100));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Oldab' }));
    expect(commits).toHaveBeenCalled();
    expect(name.value).toBe('Oldab');
  });

  it('complete a website typed without https:// when it is left, and leave what cannot be an address', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(<Host onChange={onChange} onBlur={onBlur} />);
    const site = screen.getByLabelText('Website') as HTMLInputElement;
    await user.type(site, 'nadiacrafts.example');
    await user.tab();
    expect(site.value).toBe('https://nadiacrafts.example');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ site: 'https://nadiacrafts.example' }),
    );
    expect(onBlur).toHaveBeenLastCalledWith(expect.stringContaining('site'), 'https://nadiacrafts.example');
    await user.clear(site);
    await user.type(site, 'nadiacrafts');
    await user.tab();
    expect(site.value).toBe('nadiacrafts');
  });

  it('give numbers as numbers, on a numeric keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Host onChange={onChange} onBlur={() => undefined} />);
    const count = screen.getByLabelText('Count') as HTMLInputElement;
    expect(count.getAttribute('inputmode')).toBe('numeric');
    await user.type(count, '12');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ count: 12 }));
  });

  it('show a value the form replaces, and the textarea hands over like the inputs', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Host onChange={onChange} onBlur={() => undefined} />);
    await user.type(screen.getByLabelText('Note'), 'Hello');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ note: 'Hello' }));
    await user.click(screen.getByRole('button', { name: 'reset' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe('');
  });

  it('show a value the form brings after a field was left, even one the form keeps differently (012 as 12)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Host onChange={onChange} onBlur={() => undefined} />);
    const count = screen.getByLabelText('Count') as HTMLInputElement;
    await user.type(count, '012');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ count: 12 }));
    await user.click(screen.getByRole('button', { name: 'reset' }));
    expect(count.value).toBe('');
  });

  it('read a value in the direction of its first letter, and leave an empty one to the page', async () => {
    const user = userEvent.setup();
    render(<Host onChange={() => undefined} onBlur={() => undefined} />);
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    const note = screen.getByLabelText('Note') as HTMLTextAreaElement;
    expect(name.getAttribute('dir')).toBe('auto'); // "Old"
    expect(note.getAttribute('dir')).toBeNull();
    await user.type(note, '@yourstore');
    expect(note.getAttribute('dir')).toBe('auto');
    await user.clear(name);
    expect(name.getAttribute('dir')).toBeNull();
  });
});
