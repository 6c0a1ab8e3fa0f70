/**
 * One conformance suite for every widget of the registry, in left-to-right
 * and right-to-left: label, focus target, errors, disabled, the value it
 * stores, blur, and numbers kept left to right in Arabic.
 */
import { useState, type ComponentType, type ReactElement } from 'react';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import type { WidgetProps } from '@rjsf/utils';
import { widgets } from '../../src/engine/widgets';
import { deferred, loadDeferred } from '../../src/engine/widgets/deferred';
import { caretAt } from '../../src/engine/widgets/IbanWidget';
import { CUSTOM_WIDGET_NAMES, WIDGET_NAMES } from '../../src/engine/core/widgetNames';
import { allWidgets } from '../../src/engine/react/registry';
import { getWidget } from '@rjsf/utils';
import { ResendLimited, type WidgetServices } from '../../src/engine/widgets/services';
import { HAND_OVER_MS } from '../../src/engine/widgets/useDeferredChange';
import { setFormatClock } from '../../src/engine/core/formats';
import en from '../../locales/en/widgets.json';
import ar from '../../locales/ar/widgets.json';

// The registry's widgets load their code when first drawn (deferred.tsx); these tests draw them at once.
beforeAll(() => loadDeferred());

describe('a deferred component', () => {
  it('shows its placeholder while its code loads, then itself, and fetches again after a failed load', async () => {
    let attempts = 0;
    let fail = true;
    // The second load waits for the test to let it go, so the placeholder is seen on any host, however slow.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const Later = deferred<{ word: string }>(
      async () => {
        attempts += 1;
        if (fail) throw new Error('chunk failed');
        await released;
        return (props) => <p>{props.word}</p>;
      },
      <span>loading</span>,
    );
    await expect(Later.preload()).rejects.toThrow('chunk failed');
    fail = false;
    // As in the browser: React's own scheduler retries what suspended (act()'s test mode would wait for an act()).
    const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const before = scope.IS_REACT_ACT_ENVIRONMENT;
    scope.IS_REACT_ACT_ENVIRONMENT = false;
    onTestFinished(() => void (scope.IS_REACT_ACT_ENVIRONMENT = before));
    await act(async () => {
      render(<Later word="here" />);
    });
    expect(screen.getByText('loading')).toBeTruthy();
    release();
    expect(await screen.findByText('here')).toBeTruthy();
    expect(attempts).toBe(2);
    // Loaded once: drawn again at once, with no second fetch.
    render(<Later word="again" />);
    expect(screen.getByText('again')).toBeTruthy();
    expect(attempts).toBe(2);
  });
});

async function i18nFor(lng: 'en' | 'ar') {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: { en: { widgets: en }, ar: { widgets: ar } },
    interpolation: { escapeValue: false },
  });
  return instance;
}

const KNOWN_IBAN = 'SA0380000000608010167519';
const services: WidgetServices = {
  knownIban: KNOWN_IBAN,
  upload: async (_file, onProgress) => {
    onProgress(1);
    return { url: 'https://files.example.com/u/licence.pdf' };
  },
  resendOtp: async () => undefined,
  connections: async () => ({
    sandbox: true,
    items: [
      { platform: 'amazon', connected: false, consent_url: '/consent?platform=amazon' },
      { platform: 'shopify', connected: true, consent_url: '/consent?platform=shopify' },
    ],
  }),
  options: async (source) =>
    source === 'sections'
      ? [
          { value: 1, label: 'Clothing' },
          { value: 2, label: 'Electronics' },
        ]
      : [],
};

function dateCase(format: string): Case {
  return {
    schema: { type: 'string', format },
    ltrContent: true,
    act: async (user) => {
      // Typed day first, as the field shows it in both languages.
      await user.type(screen.getByRole('textbox'), '31/12/2026');
      return '2026-12-31';
    },
  };
}

interface Case {
  schema: Record<string, unknown>;
  options?: Record<string, unknown>;
  /** Does what a merchant does to give a value; returns the value the widget must store. */
  act: (user: ReturnType<typeof userEvent.setup>, container: HTMLElement) => Promise<unknown>;
  /** Numbers and codes stay left to right in Arabic. */
  ltrContent: boolean;
}

const cases: Record<(typeof CUSTOM_WIDGET_NAMES)[number], Case> = {
  phone: {
    schema: { type: 'string', format: 'phone' },
    ltrContent: true,
    act: async (user) => {
      await user.type(screen.getByRole('textbox'), '50-123 4567');
      return '+966501234567';
    },
  },
  iban: {
    schema: { type: 'string', format: 'iban' },
    ltrContent: true,
    act: async (user) => {
      await user.type(screen.getByRole('textbox'), 'sa03 8000 0000 6080 1016 7519');
      return KNOWN_IBAN;
    },
  },
  otp: {
    schema: { type: 'string', minLength: 6, maxLength: 6 },
    ltrContent: true,
    act: async (user, container) => {
      const first = container.querySelector('input') as HTMLInputElement;
      await user.click(first);
      await user.paste('123456');
      return '123456';
    },
  },
  date: dateCase('date'),
  'date-not-in-past': dateCase('date-not-in-past'),
  'date-not-in-future': dateCase('date-not-in-future'),
  'date-2-weeks-ahead': dateCase('date-2-weeks-ahead'),
  radioCards: {
    schema: { type: 'string', enum: ['online', 'offline'] },
    options: {
      enumOptions: [
        { label: 'Online store', value: 'online' },
        { label: 'Shop', value: 'offline' },
      ],
      enumDescriptions: ['Sells on a website', 'Sells in person'],
    },
    ltrContent: false,
    act: async (user) => {
      await user.click(screen.getByRole('radio', { name: 'Shop' }));
      return 'offline';
    },
  },
  confirm: {
    schema: { type: 'boolean', const: true },
    ltrContent: false,
    act: async (user) => {
      await user.click(screen.getByRole('checkbox'));
      return true;
    },
  },
  multiSelect: {
    schema: { type: 'array', items: { enum: ['red', 'green', 'blue'] }, uniqueItems: true },
    options: {
      enumOptions: [
        { label: 'Red', value: 'red' },
        { label: 'Green', value: 'green' },
        { label: 'Blue', value: 'blue' },
      ],
    },
    ltrContent: false,
    act: async (user) => {
      await user.click(screen.getByRole('combobox'));
      await user.click(await screen.findByRole('option', { name: 'Blue' }));
      await user.click(screen.getByRole('combobox'));
      await user.click(await screen.findByRole('option', { name: 'Red' }));
      return ['blue', 'red'];
    },
  },
  apiSelect: {
    schema: { type: 'integer' },
    options: { source: 'sections' },
    ltrContent: false,
    act: async (user, container) => {
      const box = container.querySelector('input:not([type=hidden])') as HTMLInputElement;
      await vi.waitFor(() => expect(box.placeholder).not.toBe('Loading…'));
      await user.click(box);
      await user.click(await screen.findByRole('option', { name: 'Electronics' }));
      return 2;
    },
  },
  connect: {
    schema: { type: 'array', items: { enum: ['amazon', 'shopify'] }, uniqueItems: true },
    options: { source: 'ecommerce' },
    ltrContent: false,
    // Nothing to do: the list follows the server's connections (connecting itself is the consent page's).
    act: async (_user, container) => {
      await vi.waitFor(() => expect(container.querySelector('[data-platform="shopify"]')).not.toBeNull());
      return ['shopify'];
    },
  },
  upload: {
    schema: { type: 'string', 'x-accept': ['pdf'], 'x-maxSizeKb': 100 },
    ltrContent: false,
    act: async (user, container) => {
      const input = container.querySelector('input[type=file]') as HTMLInputElement;
      await user.upload(input, new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' }));
      return 'https://files.example.com/u/licence.pdf';
    },
  },
};

function props(name: string, overrides: Partial<WidgetProps> = {}): WidgetProps {
  const c = cases[name as keyof typeof cases];
  return {
    id: `root_${name}`,
    name,
    label: `Label of ${name}`,
    schema: c.schema,
    uiSchema: {},
    value: undefined,
    required: true,
    disabled: false,
    readonly: false,
    autofocus: false,
    placeholder: '',
    options: c.options ?? {},
    formContext: { services },
    rawErrors: [],
    onChange: vi.fn(),
    onBlur: vi.fn(),
    onFocus: vi.fn(),
    registry: {} as WidgetProps['registry'],
    hideError: false,
    ...overrides,
  } as WidgetProps;
}

/** Holds the value like rjsf does, so a controlled widget sees what it stored; reports each change to the spy. */
function Host(props: { Widget: ComponentType<WidgetProps>; widgetProps: WidgetProps }) {
  const [value, setValue] = useState<unknown>(props.widgetProps.value);
  return (
    <props.Widget
      {...props.widgetProps}
      value={value}
      onChange={(next: unknown) => {
        setValue(next);
        props.widgetProps.onChange(next);
      }}
    />
  );
}

async function renderIn(dir: 'ltr' | 'rtl', element: ReactElement) {
  const i18n = await i18nFor(dir === 'rtl' ? 'ar' : 'en');
  return render(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={dir} detectDirection={false}>
        {/* env="test": no transitions or portals, as Mantine advises for jsdom. */}
        <MantineProvider env="test">
          <div dir={dir}>{element}</div>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>,
  );
}

describe('the registry', () => {
  it('has exactly the custom widget names the catalogue checker knows', () => {
    expect(Object.keys(widgets).sort()).toEqual([...CUSTOM_WIDGET_NAMES].sort());
  });
});

describe.each(CUSTOM_WIDGET_NAMES)('widget "%s"', (name) => {
  const Widget = widgets[name];
  describe.each(['ltr', 'rtl'] as const)('in %s', (dir) => {
    it('shows its label', async () => {
      await renderIn(dir, <Widget {...props(name)} />);
      expect(screen.getAllByText(`Label of ${name}`).length).toBeGreaterThan(0);
    });

    it('has its field id on something that can take focus (for "focus the first error")', async () => {
      const { container } = await renderIn(dir, <Widget {...props(name)} />);
      const element = container.querySelector(`[id="root_${name}"]`) as HTMLElement;
      expect(element).not.toBeNull();
      const control = element.matches('input, select, textarea, button')
        ? element
        : element.querySelector<HTMLElement>('input, select, textarea, button');
      control?.focus();
      expect(document.activeElement).toBe(control);
    });

    it('shows the errors it is given', async () => {
      await renderIn(dir, <Widget {...props(name, { rawErrors: ['This field is required'] })} />);
      expect(screen.getByText('This field is required')).toBeTruthy();
    });

    it('cannot be changed when disabled', async () => {
      const { container } = await renderIn(dir, <Widget {...props(name, { disabled: true })} />);
      const enabled = [
        ...container.querySelectorAll('input:not([type=file]):not([type=hidden]), select, textarea, button'),
      ].filter((e) => !(e as HTMLInputElement).disabled);
      expect(enabled).toEqual([]);
    });

    it('stores the value in the catalogue’s format and reports blur with its id', async () => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      const onBlur = vi.fn();
      const { container } = await renderIn(
        dir,
        <Host Widget={Widget} widgetProps={props(name, { onChange, onBlur })} />,
      );
      const expected = await cases[name].act(user, container);
      // Text widgets hand what was typed over when the typing pauses or, at the latest, when they lose focus.
      await user.click(document.body);
      expect(onChange).toHaveBeenLastCalledWith(expected);
      await user.tab();
      expect(onBlur.mock.calls.length === 0 || onBlur.mock.calls.every((c) => c[0] === `root_${name}`)).toBe(
        true,
      );
    });

    if (cases[name].ltrContent) {
      it('keeps its digits left to right', async () => {
        const { container } = await renderIn(dir, <Widget {...props(name)} />);
        const input = container.querySelector('input') as HTMLInputElement;
        expect(
          input.closest('[dir="ltr"]') ?? (input.getAttribute('dir') === 'ltr' ? input : null),
        ).not.toBeNull();
      });
    }
  });
});

describe('typing reaches the form when it pauses or on blur (useDeferredChange)', () => {
  it.each(['phone', 'iban'] as const)(
    '%s: shows each keystroke at once, hands the value over once after a pause',
    async (name) => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      await renderIn('ltr', <Host Widget={widgets[name]} widgetProps={props(name, { onChange })} />);
      const input = screen.getByRole('textbox') as HTMLInputElement;
      await user.type(input, name === 'phone' ? '501' : 'SA03');
      expect(input.value.replace(/\s/g, '')).toBe(name === 'phone' ? '501' : 'SA03');
      expect(onChange).not.toHaveBeenCalled();
      await new Promise((resolve) => setTimeout(resolve, HAND_OVER_MS + 50));
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenLastCalledWith(name === 'phone' ? '+966501' : 'SA03');
    },
  );

  it('hands the latest value over before it reports the blur', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onBlur = vi.fn();
    await renderIn('ltr', <Host Widget={widgets.phone} widgetProps={props('phone', { onChange, onBlur })} />);
    await user.type(screen.getByRole('textbox'), '50');
    await user.tab();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.invocationCallOrder[0]!).toBeLessThan(onBlur.mock.invocationCallOrder[0]!);
    expect(onBlur).toHaveBeenCalledWith('root_phone', '+96650');
  });

  it('takes a new value from the form when it is not typing (a reset, a draft)', async () => {
    const { rerender } = await renderIn('ltr', <widgets.iban {...props('iban', { value: KNOWN_IBAN })} />);
    rerender(
      <I18nextProvider i18n={await i18nFor('en')}>
        <MantineProvider>
          <div dir="ltr">
            <widgets.iban {...props('iban', { value: undefined })} />
          </div>
        </MantineProvider>
      </I18nextProvider>,
    );
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('');
  });
});

describe('widget specifics', () => {
  it('date: the calendar offers only the days the format or ui:options allow, from the same clock', async () => {
    setFormatClock(() => new Date('2026-11-22T10:00:00Z'));
    try {
      // The calendar opens at the first day allowed (or the last): the days named are in that month.
      const cases: [string, Record<string, string>, string[], string[]][] = [
        // format, options, days offered, days greyed out
        ['date-not-in-past', {}, ['22 November 2026', '30 November 2026'], ['21 November 2026']],
        ['date-not-in-future', {}, ['1 November 2026', '22 November 2026'], ['23 November 2026']],
        ['date-2-weeks-ahead', {}, ['6 December 2026'], ['5 December 2026']],
        [
          'date',
          { min: '2030-06-10', max: '2030-06-20' },
          ['10 June 2030', '20 June 2030'],
          ['9 June 2030', '21 June 2030'],
        ],
      ];
      for (const [format, options, offered, greyed] of cases) {
        const user = userEvent.setup();
        const { unmount } = await renderIn(
          'ltr',
          <widgets.date {...props('date', { schema: { type: 'string', format }, options })} />,
        );
        await user.click(screen.getByRole('button', { name: 'Open the calendar' }));
        // The calendar is its own chunk: it arrives a moment after the click.
        await screen.findAllByRole('button', { name: (offered[0] ?? greyed[0])! });
        const day = (n: string) =>
          screen.getAllByRole('button', { name: n }).filter((b) => !b.hasAttribute('data-outside'))[0]!;
        for (const n of offered)
          expect([format, n, day(n).hasAttribute('data-disabled')]).toEqual([format, n, false]);
        for (const n of greyed)
          expect([format, n, day(n).hasAttribute('data-disabled')]).toEqual([format, n, true]);
        unmount();
      }
    } finally {
      setFormatClock(null);
    }
  });

  it('date: reads dd/mm/yyyy in both languages, takes yyyy-mm-dd and Arabic digits, keeps what cannot be a date and says how to write one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderIn('rtl', <widgets.date {...props('date', { onChange, value: '2030-06-30' })} />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('30/06/2030');
    expect(input.getAttribute('placeholder')).toBe('يوم/شهر/سنة');
    // Each answer reaches the form when the field is left (or the typing pauses).
    await user.clear(input);
    await user.type(input, '٠١/٠٧/٢٠٣١');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('2031-07-01');
    expect(input.value).toBe('01/07/2031');
    await user.clear(input);
    await user.type(input, '2031-02-28');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('2031-02-28');
    expect(input.value).toBe('28/02/2031');
    await user.clear(input);
    await user.type(input, '31/02/2031');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('31/02/2031');
    expect(input.value).toBe('31/02/2031');
    expect(screen.getByText('أدخل التاريخ بالصيغة يوم/شهر/سنة، مثل 30/06/2030')).toBeTruthy();
  });

  it('date: a day picked from the calendar is stored and shown day first', async () => {
    setFormatClock(() => new Date('2026-11-22T10:00:00Z'));
    try {
      const user = userEvent.setup();
      const onChange = vi.fn();
      await renderIn(
        'ltr',
        <widgets.date
          {...props('date', { onChange, schema: { type: 'string', format: 'date-not-in-past' } })}
        />,
      );
      await user.click(screen.getByRole('button', { name: 'Open the calendar' }));
      await user.click(await screen.findByRole('button', { name: /^25 November 2026$/ }));
      expect(onChange).toHaveBeenLastCalledWith('2026-11-25');
      expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('25/11/2026');
    } finally {
      setFormatClock(null);
    }
  });

  it('radio cards: each option with its line of explanation, the stored one checked', async () => {
    await renderIn('rtl', <widgets.radioCards {...props('radioCards', { value: 'online' })} />);
    expect(screen.getByText('Sells in person')).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: 'Online store' }) as HTMLElement).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('confirm: the sentence is the label, marked required as other fields are; unticking stores false', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = await renderIn(
      'ltr',
      <Host
        Widget={widgets.confirm}
        widgetProps={props('confirm', {
          onChange,
          value: true,
          required: true,
          options: { description: 'I confirm the details are correct' },
        })}
      />,
    );
    // The asterisk is seen, not read (the checkbox itself is required).
    expect(container.querySelector('[data-required-mark]')?.textContent).toBe('*');
    await user.click(screen.getByRole('checkbox', { name: 'I confirm the details are correct' }));
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('multi-select: removing the last choice stores no value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = await renderIn(
      'ltr',
      <Host
        Widget={widgets.multiSelect}
        widgetProps={props('multiSelect', { onChange, value: ['green'] })}
      />,
    );
    expect(container.querySelector('.mantine-Pill-label')?.textContent).toBe('Green');
    const remove = container.querySelector('.mantine-Pill-remove') as HTMLElement;
    await user.click(remove);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('phone: keeps digits only, at most 12 minus the dial code, and switches the dial code', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderIn(
      'ltr',
      <Host Widget={widgets.phone} widgetProps={props('phone', { onChange, value: '+20' })} />,
    );
    await user.type(screen.getByRole('textbox'), '1012345678999');
    await user.click(document.body);
    expect(onChange).toHaveBeenLastCalledWith('+201012345678');
    await user.selectOptions(screen.getByRole('combobox'), 'ARE');
    // +971 allows 9 digits: the tenth is dropped.
    expect(onChange).toHaveBeenLastCalledWith('+971101234567');
  });

  it('iban: shows a stored IBAN in groups of four', async () => {
    await renderIn('rtl', <widgets.iban {...props('iban', { value: KNOWN_IBAN })} />);
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('SA03 8000 0000 6080 1016 7519');
  });

  it('iban: a stored IBAN selected whole (Tab, select all) is replaced by what is typed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    await renderIn(
      'ltr',
      <Host Widget={widgets.iban} widgetProps={props('iban', { onChange, value: KNOWN_IBAN })} />,
    );
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.click(input);
    await user.keyboard('{Control>}a{/Control}AE070331234567890123456');
    expect(input.value).toBe('AE07 0331 2345 6789 0123 456');
    await user.click(document.body);
    expect(onChange).toHaveBeenLastCalledWith('AE070331234567890123456');
  });

  it('iban: typing in the middle keeps the caret after the typed character, spaces and all', async () => {
    const user = userEvent.setup();
    await renderIn('ltr', <Host Widget={widgets.iban} widgetProps={props('iban', { value: 'SA038000' })} />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('SA03 8000');
    await user.click(input);
    input.setSelectionRange(2, 2);
    await user.keyboard('9');
    // SA9 0380 00: the caret stays right after the 9.
    expect(input.value).toBe('SA90 3800 0');
    expect(input.selectionStart).toBe(3);
  });

  it('caretAt: the position after a number of letters and digits of a grouped IBAN', () => {
    expect(caretAt('SA03 8000 0000', 0)).toBe(0);
    expect(caretAt('SA03 8000 0000', 4)).toBe(4);
    expect(caretAt('SA03 8000 0000', 5)).toBe(6);
    expect(caretAt('SA03 8000 0000', 99)).toBe(14);
  });

  it('iban (confirm): the right hidden characters confirm the IBAN, wrong ones say so', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = await renderIn(
      'ltr',
      <Host Widget={widgets.iban} widgetProps={props('iban', { onChange, options: { mode: 'confirm' } })} />,
    );
    expect(screen.getByText('SA•• 8000 0000 6080 1016 7•••')).toBeTruthy();
    const first = container.querySelector('input') as HTMLInputElement;
    await user.click(first);
    await user.paste('03000');
    expect(screen.getByText('Please enter the correct missing digits')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    for (let i = 0; i < 5; i += 1) await user.keyboard('{Backspace}');
    await user.click(first);
    await user.paste('03519');
    expect(onChange).toHaveBeenLastCalledWith(KNOWN_IBAN);
  });

  it('otp: resend waits for its countdown', async () => {
    await renderIn(
      'ltr',
      <widgets.otp {...props('otp', { schema: { type: 'string', maxLength: 4, 'x-resendSeconds': 120 } })} />,
    );
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('You can ask for a new code in 2:00')).toBeTruthy();
  });

  it('otp: a resend refused for too many attempts says so and locks resend for 5 minutes (capital §8)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const resendOtp = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new ResendLimited());
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await renderIn(
        'ltr',
        <widgets.otp
          {...props('otp', {
            schema: { type: 'string', maxLength: 4, 'x-resendSeconds': 30 },
            formContext: { services: { resendOtp } },
          })}
        />,
      );
      const resend = screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement;
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(resend.disabled).toBe(false);
      await user.click(resend); // sent: the 30 seconds again
      expect(screen.getByText('You can ask for a new code in 0:30')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      await user.click(resend); // 429
      expect(screen.getByText('There have been too many attempts, try again in minutes')).toBeTruthy();
      expect(screen.getByText('You can ask for a new code in 5:00')).toBeTruthy();
      expect(resend.disabled).toBe(true);
      expect(resendOtp).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['big.pdf', 200_000, 'File is larger than 100 KB'],
    ['photo.gif', 1, 'File must have a pdf extension'],
  ])('upload: refuses %s (%i bytes) before sending it', async (name, size, message) => {
    const file = new File(['x'.repeat(size)], name);
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    const { container } = await renderIn('ltr', <widgets.upload {...props('upload', { onChange })} />);
    await user.upload(container.querySelector('input[type=file]') as HTMLInputElement, file);
    expect(screen.getByText(message)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('upload: the size rule reads in the language of the page (10 MB, 10 ميغابايت)', async () => {
    const schema = { type: 'string' as const, 'x-accept': ['pdf'], 'x-maxSizeKb': 10000 };
    const first = await renderIn('ltr', <widgets.upload {...props('upload', { schema })} />);
    expect(screen.getByText('pdf · up to 10 MB')).toBeTruthy();
    first.unmount();
    await renderIn('rtl', <widgets.upload {...props('upload', { schema })} />);
    expect(screen.getByText(/10 ميغابايت/)).toBeTruthy();
    expect(screen.queryByText(/MB/)).toBeNull();
  });

  it('upload: hands the running upload to the runner, so Next can wait for it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const add = vi.fn();
    const { container } = await renderIn(
      'ltr',
      <widgets.upload {...props('upload', { onChange, formContext: { services, pending: { add } } })} />,
    );
    await user.upload(
      container.querySelector('input[type=file]') as HTMLInputElement,
      new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' }),
    );
    expect(add).toHaveBeenCalledTimes(1);
    await expect(add.mock.calls[0]![0]).resolves.toEqual({ url: 'https://files.example.com/u/licence.pdf' });
    expect(onChange).toHaveBeenCalledWith('https://files.example.com/u/licence.pdf');
  });

  it('upload: a stored image shows its thumbnail; a PDF is not read for one (issue 56)', async () => {
    const preview = vi.fn(async (url: string) => `blob:preview-of-${url.split('/').pop()}`);
    const withPreview: WidgetServices = { ...services, preview };
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const logo = 'https://files.example.com/u/abc#logo.png';
    const shown = await renderIn(
      'rtl',
      <widgets.upload {...props('upload', { value: logo, formContext: { services: withPreview } })} />,
    );
    const image = await within(shown.container).findByRole('img', { name: 'معاينة logo.png' });
    expect(image.getAttribute('src')).toBe('blob:preview-of-abc#logo.png');
    shown.unmount();
    expect(revoke).toHaveBeenCalledWith('blob:preview-of-abc#logo.png');

    preview.mockClear();
    const pdf = await renderIn(
      'ltr',
      <widgets.upload
        {...props('upload', {
          value: 'https://files.example.com/u/licence.pdf',
          formContext: { services: withPreview },
        })}
      />,
    );
    expect(within(pdf.container).getByText('licence.pdf')).toBeTruthy();
    expect(within(pdf.container).queryByRole('img')).toBeNull();
    expect(preview).not.toHaveBeenCalled();
    revoke.mockRestore();
  });

  it('upload: a PDF that asks for a password says so under the file, until it is removed', async () => {
    const user = userEvent.setup();
    const locked: WidgetServices = {
      upload: async () => ({ url: 'https://files.example.com/u/s#statement.pdf', password_protected: true }),
    };
    function Field() {
      const [value, setValue] = useState<string | undefined>();
      return (
        <widgets.upload
          {...props('upload', { value, onChange: setValue, formContext: { services: locked } })}
        />
      );
    }
    const { container } = await renderIn('rtl', <Field />);
    await user.upload(
      container.querySelector('input[type=file]') as HTMLInputElement,
      new File(['%PDF'], 'statement.pdf'),
    );
    expect(
      await within(container).findByText(
        'يطلب ملف PDF هذا كلمة مرور لفتحه: أشِر إلى أنه محمي بكلمة مرور وأدخل كلمة المرور حتى نتمكن من قراءته.',
      ),
    ).toBeTruthy();
    await user.click(within(container).getAllByRole('button').at(-1)!);
    expect(within(container).queryByRole('status')).toBeNull();
  });

  it('upload: a failed upload says so and keeps the field empty', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const failing: WidgetServices = { upload: async () => Promise.reject(new Error('network')) };
    const { container } = await renderIn(
      'rtl',
      <widgets.upload {...props('upload', { onChange, formContext: { services: failing } })} />,
    );
    await user.upload(
      container.querySelector('input[type=file]') as HTMLInputElement,
      new File(['%PDF'], 'a.pdf'),
    );
    expect(await within(container).findByText('تعذّر رفع الملف')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('every widget name the catalogue may use', () => {
  const schemaFor: Record<string, Record<string, unknown>> = {
    checkbox: { type: 'boolean' },
    checkboxes: { type: 'array', items: { enum: ['a', 'b'] }, uniqueItems: true },
    updown: { type: 'integer' },
    radio: { enum: ['a', 'b'] },
    select: { enum: ['a', 'b'] },
  };
  it.each(WIDGET_NAMES)('"%s" resolves to a component of the form’s registry', (name) => {
    expect(() => getWidget(schemaFor[name] ?? { type: 'string' }, name, allWidgets())).not.toThrow();
  });
});
