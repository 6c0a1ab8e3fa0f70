/**
 * The parts every list and detail screen is built on (src/web/components: ResponsiveList, ListPager, ShowMore,
 * DetailFrame, DialogFooter, CodeBoxes): what a member sees while a list loads, when it fails, when it is empty, and once it
 * has rows — on a desktop and on a phone; a detail page's skeleton, forbidden notice and error page; a dialog's
 * failure and its two buttons.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Profiler, useState, type ReactNode } from 'react';
import lists from '../../locales/en/lists.json';
import common from '../../locales/en/common.json';
import widgets from '../../locales/en/widgets.json';
import {
  ListPager,
  ResponsiveList,
  ShowMore,
  type ListColumn,
} from '../../src/web/components/ResponsiveList';
import { DetailFrame } from '../../src/web/components/DetailFrame';
import { InfiniteList, moreOf, type PagedQuery } from '../../src/web/components/InfiniteList';
import { PagedList, pageOf, slicedPageOf } from '../../src/web/components/PagedList';
import { DialogFooter } from '../../src/web/components/DialogFooter';
import { DetailGrid, DetailSection, LabelValue } from '../../src/web/components/DetailParts';
import { FaqList, faqItems } from '../../src/web/components/FaqList';
import { ApiError } from '../../src/web/api/client';
import { CodeBoxes } from '../../src/web/components/CodeBoxes';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', defaultNS: 'common', resources: { en: { lists, common, widgets } } });

function show(node: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element: node }]);
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

interface Fruit {
  id: string;
  name: string;
  price: string;
}
const FRUITS: Fruit[] = [
  { id: 'f1', name: 'Dates', price: '12 SAR' },
  { id: 'f2', name: 'Figs', price: '9 SAR' },
];
const COLUMNS: ListColumn<Fruit>[] = [
  { header: 'Fruit', cell: (f) => f.name },
  { header: 'Price', cell: (f) => f.price },
];
const settled = { isPending: false, isError: false, refetch: () => undefined };

function Fruits(props: {
  query?: { isPending: boolean; isError: boolean; refetch: () => unknown };
  rows?: Fruit[];
  link?: boolean;
  footer?: ReactNode;
}) {
  return (
    <ResponsiveList
      name="fruits"
      query={props.query ?? settled}
      rows={props.rows ?? FRUITS}
      look={{
        columns: COLUMNS,
        minWidth: 400,
        link: props.link ? (f) => `/fruits/${f.id}` : undefined,
        skeleton: { rows: 4, height: 40 },
      }}
      loadFailed="The fruits could not be loaded."
      empty={{ title: 'No fruit yet', body: 'Fruit you add shows here.' }}
      footer={props.footer}
    />
  );
}

describe('a responsive list', () => {
  it('shows skeleton rows while it loads, and nothing else', () => {
    show(<Fruits query={{ ...settled, isPending: true }} />);
    expect(screen.getByTestId('fruits-loading').children).toHaveLength(4);
    expect(screen.queryByTestId('fruits')).toBeNull();
  });

  it('says it could not load, and tries again', async () => {
    const refetch = vi.fn();
    show(<Fruits query={{ ...settled, isError: true, refetch }} />);
    expect(screen.getByRole('alert').textContent).toContain('The fruits could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('says why it is empty, with no table and no pager', () => {
    show(<Fruits rows={[]} footer={<span>pager</span>} />);
    const empty = screen.getByTestId('fruits-empty');
    expect(empty.textContent).toBe('No fruit yet' + 'Fruit you add shows here.');
    expect(screen.queryByTestId('fruits')).toBeNull();
    expect(screen.queryByText('pager')).toBeNull();
  });

  it('draws a table for a desktop and a card a row for a phone, each row findable by its attribute', () => {
    show(<Fruits link />);
    const table = screen.getByTestId('fruits');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Fruit', 'Price']);
    expect(table.querySelector('[data-row="f2"]')!.textContent).toBe('Figs9 SAR');
    // Without a card of its own, a row's card is its columns: the first as its title, then label and value.
    const cards = screen.getByTestId('fruits-cards');
    const card = cards.querySelector('[data-row="f1"]')!;
    expect(card.textContent).toBe('DatesPrice12 SAR');
    expect(card.getAttribute('href')).toBe('/fruits/f1');
  });

  it('draws rows that arrive after what is urgent, keeping the skeleton meanwhile — never a moment of "empty"', async () => {
    let arrive: (rows: Fruit[]) => void = () => undefined;
    // What the page showed at each commit: the skeleton, the empty state, the rows.
    const commits: string[] = [];
    const onCommit = () =>
      commits.push(
        ['fruits-loading', 'fruits-empty', 'fruits']
          .filter((id) => document.querySelector(`[data-testid="${id}"]`))
          .join(' '),
      );
    function Arriving() {
      const [rows, setRows] = useState<Fruit[]>([]);
      arrive = setRows;
      return (
        <Profiler id="list" onRender={onCommit}>
          <Fruits query={rows.length > 0 ? settled : { ...settled, isPending: true }} rows={rows} />
        </Profiler>
      );
    }
    show(<Arriving />);
    commits.length = 0;
    await act(async () => arrive(FRUITS));
    expect(await screen.findByTestId('fruits')).toBeTruthy();
    // The urgent commit kept the skeleton; the rows came in a commit of their own, after it.
    expect(commits[0]).toBe('fruits-loading');
    expect(commits.at(-1)).toBe('fruits');
    expect(commits.filter((shown) => shown.includes('fruits-empty'))).toEqual([]);
    // Drawn, they are not dimmed; the same rows again in a new array (as `pages.flatMap` gives) neither.
    const opacity = () => screen.getByTestId('fruits').closest<HTMLElement>('[aria-busy]')!.style.opacity;
    expect(opacity()).toBe('1');
    await act(async () => arrive([...FRUITS]));
    expect(opacity()).toBe('1');
  });

  /** A browser whose window is `width` px wide, as matchMedia answers Mantine's `sm` queries (48em = 768 px). */
  function windowOf(width: number) {
    const listeners = new Set<() => void>();
    const media = (query: string) => {
      const min = /min-width: ([\d.]+)em/.exec(query);
      const max = /max-width: ([\d.]+)em/.exec(query);
      return {
        get matches() {
          return min ? width >= Number(min[1]) * 16 : max ? width <= Number(max[1]) * 16 : false;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      };
    };
    const original = window.matchMedia;
    window.matchMedia = media as unknown as typeof window.matchMedia;
    return {
      resize(to: number) {
        width = to;
        act(() => listeners.forEach((listener) => listener()));
      },
      restore: () => (window.matchMedia = original),
    };
  }

  it('draws only the layout on screen where the browser says which: the cards on a phone, the table wider, and follows a turn', () => {
    const browser = windowOf(375);
    try {
      show(<Fruits />);
      expect(screen.queryByTestId('fruits')).toBeNull();
      expect(screen.getByTestId('fruits-cards').querySelectorAll('[data-row]')).toHaveLength(2);
      browser.resize(1024);
      expect(screen.getByTestId('fruits').querySelectorAll('[data-row]')).toHaveLength(2);
      expect(screen.queryByTestId('fruits-cards')).toBeNull();
    } finally {
      browser.restore();
    }
  });
});

describe('a list’s pager', () => {
  it('says which rows of how many are shown, and offers pages only when there is more than one', async () => {
    const onChange = vi.fn();
    const shown = (r: { from: number; to: number; count: number }) => `${r.from}–${r.to} of ${r.count}`;
    const { unmount } = show(
      <ListPager page={2} pageSize={20} count={20} total={45} onChange={onChange} shown={shown} />,
    );
    expect(screen.getByText('21–40 of 45')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenCalledWith(3);
    unmount();
    // A page beyond the last (a hand-edited address) shows the last.
    show(<ListPager page={9} pageSize={20} count={5} total={5} onChange={onChange} shown={shown} />);
    expect(screen.getByText('1–5 of 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('shows more while there is more', async () => {
    const onMore = vi.fn();
    const { unmount } = show(<ShowMore shown="20 shown" hasMore loading={false} onMore={onMore} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(onMore).toHaveBeenCalledOnce();
    unmount();
    show(<ShowMore shown="23 shown" hasMore={false} loading={false} onMore={onMore} />);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});

describe('a list shown a page at a time', () => {
  const at = (page: number, onChange = vi.fn()) => ({ page, size: 2, onChange });
  const words = { t: (key: string) => ({ shown: 'shown' })[key] ?? key };

  it('takes the page’s rows and its total from the server’s answer, and waits for it to draw a pager', () => {
    const answered = { ...settled, data: { fruits: FRUITS.slice(0, 2), total: 7 } };
    expect(pageOf(answered, (a) => a.fruits, at(1))).toMatchObject({
      rows: FRUITS.slice(0, 2),
      pager: { total: 7 },
    });
    expect(
      pageOf({ ...settled, isPending: true }, (a: typeof answered.data) => a.fruits, at(1)),
    ).toMatchObject({
      rows: [],
      pager: null,
    });
  });

  it('pages rows the screen holds itself, a page past the last showing the last', async () => {
    const onChange = vi.fn();
    const source = slicedPageOf(settled, [...FRUITS, ...FRUITS], at(9, onChange));
    expect(source.pager).toMatchObject({
      page: Math.ceil((FRUITS.length * 2) / 2),
      total: FRUITS.length * 2,
    });
    expect(source.rows).toHaveLength(2);
    show(
      <PagedList
        name="fruits"
        of={slicedPageOf(settled, [...FRUITS, ...FRUITS], at(1, onChange))}
        look={{ columns: COLUMNS }}
        words={words}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});

describe('a list read page by page', () => {
  const paged = (over: Partial<PagedQuery> = {}): PagedQuery => ({
    ...settled,
    hasNextPage: true,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
    ...over,
  });
  // The area's words by the convention: its keys, read through its `t`.
  const WORDS: Record<string, string> = {
    loadFailed: 'The fruits could not be loaded.',
    'empty.title': 'No fruit yet',
    'empty.body': 'Fruit you add shows here.',
    'empty.filtered': 'No fruit matches these filters.',
    shownSome: '{{count}} shown',
    shown: '{{count}} of {{total}} shown',
  };
  const t = (key: string, params: Record<string, unknown> = {}) =>
    (WORDS[key] ?? (params.defaultValue as string | undefined) ?? key).replace(
      /\{\{(\w+)\}\}/g,
      (_, name: string) => String(params[name]),
    );
  function PagedFruits(props: {
    query: PagedQuery;
    rows?: Fruit[];
    filtered?: boolean;
    sound?: boolean;
    total?: number;
  }) {
    return (
      <InfiniteList
        name="fruits"
        // The pages as the server answered them: the rows picked from each.
        of={moreOf(
          { ...props.query, data: { pages: [{ fruits: props.rows ?? FRUITS }] } },
          (page) => page.fruits,
          {
            sound: props.sound,
            total: props.total,
          },
        )}
        look={{ columns: COLUMNS, minWidth: 400, skeleton: { rows: 4, height: 40 } }}
        words={{ t, filtered: props.filtered }}
      />
    );
  }

  it('says how many are shown and asks for the next page', async () => {
    const query = paged();
    show(<PagedFruits query={query} />);
    expect(screen.getByText('2 shown')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(query.fetchNextPage).toHaveBeenCalledOnce();
  });

  it('says the total when the server counted them, written the same in both languages', () => {
    show(<PagedFruits query={paged()} total={1204} />);
    expect(screen.getByText('2 of 1,204 shown')).toBeTruthy();
  });

  it('says only that nothing matches while filters are set, and the area’s words without them', () => {
    const { unmount } = show(<PagedFruits query={paged()} rows={[]} filtered />);
    expect(screen.getByTestId('fruits-empty').textContent).toBe('No fruit matches these filters.');
    unmount();
    show(<PagedFruits query={paged()} rows={[]} />);
    expect(screen.getByTestId('fruits-empty').textContent).toBe('No fruit yet' + 'Fruit you add shows here.');
  });

  it('with filters the address got wrong, shows neither its loading nor rows: an idle, empty list', () => {
    show(<PagedFruits query={paged({ isPending: true })} sound={false} filtered />);
    expect(screen.queryByTestId('fruits-loading')).toBeNull();
    expect(screen.queryByTestId('fruits')).toBeNull();
    expect(screen.getByTestId('fruits-empty').textContent).toBe('No fruit matches these filters.');
  });
});

describe('a detail page’s frame', () => {
  const frame = (query: Parameters<typeof DetailFrame<string>>[0]['query'], denied = false) => (
    <DetailFrame
      query={query}
      area={{ title: 'Fruits', to: '/fruits' }}
      t={(key) =>
        ({ 'forbidden.title': 'You can’t see fruit', 'forbidden.body': 'Ask an admin.' })[key] ?? key
      }
      skeleton={{ testId: 'fruit-loading', blocks: [{ h: 36, w: 200 }, 120] }}
      denied={denied}
    >
      {(name, crumbs) => (
        <h1>
          {name} in {crumbs[0]!.label}
        </h1>
      )}
    </DetailFrame>
  );
  const base = { isSuccess: false, isPending: false, error: null, data: undefined, refetch: () => undefined };

  it('shows blocks where the page will be, then the page', () => {
    const { unmount } = show(frame({ ...base, isPending: true }));
    expect(screen.getByTestId('fruit-loading').children).toHaveLength(2);
    unmount();
    show(frame({ ...base, isSuccess: true, data: 'Dates' }));
    expect(screen.getByRole('heading', { name: 'Dates in Fruits' })).toBeTruthy();
  });

  it('answers a 403 (or a known lack of right) with the area’s notice under its header and the way back', () => {
    const { unmount } = show(frame({ ...base, error: new ApiError(403, 'forbidden') }));
    expect(screen.getByText('You can’t see fruit')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fruits' }).getAttribute('href')).toBe('/fruits');
    unmount();
    show(frame({ ...base, isPending: true }, true));
    expect(screen.getByText('Ask an admin.')).toBeTruthy();
    expect(screen.queryByTestId('fruit-loading')).toBeNull();
  });

  it('answers a 404 with the error page, and a server error with a way to try again', async () => {
    const { unmount } = show(frame({ ...base, error: new ApiError(404, 'not found') }));
    expect(screen.getByText('Page not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    unmount();
    const refetch = vi.fn();
    show(frame({ ...base, error: new ApiError(500, 'unknown'), refetch }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});

describe('a dialog’s footer', () => {
  it('says what went wrong, cancels, and acts — with its progress', async () => {
    const cancel = vi.fn();
    const act = vi.fn();
    show(
      <DialogFooter
        error="The fruit could not be removed."
        cancel={{ label: 'Cancel', onClick: cancel }}
        action={{ label: 'Remove', color: 'red.9', onClick: act }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The fruit could not be removed.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(cancel).toHaveBeenCalledOnce();
    expect(act).toHaveBeenCalledOnce();
  });

  it('shows no alert without a failure, and a submit button for a form', () => {
    show(<DialogFooter error={false} action={{ label: 'Save', submit: true, loading: true }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: /Save/ }).getAttribute('type')).toBe('submit');
  });
});

describe('a detail page’s sections and an FAQ', () => {
  it('draws a section under its heading and a label over its value', () => {
    show(
      <DetailGrid>
        <DetailSection title="Customer" testId="customer">
          <LabelValue label="Phone">+966 50 000 0000</LabelValue>
        </DetailSection>
        <DetailSection title="Legal information" order={2}>
          <LabelValue label="Captured" figure testId="captured">
            120.00 SAR
          </LabelValue>
        </DetailSection>
      </DetailGrid>,
    );
    expect(within(screen.getByTestId('customer')).getByRole('heading', { level: 3 }).textContent).toBe(
      'Customer',
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Legal information');
    expect(screen.getByTestId('captured').textContent).toBe('Captured120.00 SAR');
  });

  it('folds every answer under its question, the first open on an FAQ page', async () => {
    const items = [
      { q: 'When is a payout made?', a: 'Each Monday.' },
      { q: 'Why is it less?', a: 'Fees and refunds.' },
    ];
    show(<FaqList items={items} firstOpen testId="faq" />);
    const [first, second] = screen.getAllByRole('button');
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    expect(second!.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(second!);
    expect(second!.getAttribute('aria-expanded')).toBe('true');
  });

  it('reads an area’s questions from its texts, and none from a text that is not a list', () => {
    const texts: Record<string, unknown> = { 'faq.items': [{ q: 'Q', a: 'A' }], 'faq.title': 'FAQ' };
    const t = (key: string) => texts[key];
    expect(faqItems(t, 'faq.items')).toEqual([{ q: 'Q', a: 'A' }]);
    expect(faqItems(t, 'faq.title')).toEqual([]);
  });
});

describe('a code’s boxes', () => {
  function Code(props: { error?: string; onComplete?: (code: string) => void }) {
    const [code, setCode] = useState('');
    return (
      <div dir="rtl">
        <CodeBoxes
          id="a-code"
          label="Code"
          digitKey="widgets:otp.digit"
          length={4}
          value={code}
          onChange={setCode}
          onComplete={props.onComplete}
          error={props.error}
          required
        >
          <button type="button">Resend</button>
        </CodeBoxes>
      </div>
    );
  }

  it('names each box, runs left to right on a right-to-left page, and hands over a whole code', async () => {
    const onComplete = vi.fn();
    show(<Code onComplete={onComplete} />);
    const boxes = ['Digit 1 of 4 of the code', 'Digit 2 of 4 of the code', 'Digit 4 of 4 of the code'].map(
      (name) => screen.getByRole('textbox', { name }),
    );
    expect(boxes).toHaveLength(3);
    expect(boxes[0]!.closest('[dir]')!.getAttribute('dir')).toBe('ltr');
    await userEvent.type(boxes[0]!, '1234');
    expect(onComplete).toHaveBeenCalledWith('1234');
    // What sits beside the boxes (a Resend button) is in the same left-to-right row.
    expect(screen.getByRole('button', { name: 'Resend' }).closest('[dir="ltr"]')!.contains(boxes[0]!)).toBe(
      true,
    );
  });

  it('says what is wrong under the boxes and marks them', () => {
    show(<Code error="Enter the 4-digit code" />);
    expect(screen.getByText('Enter the 4-digit code')).toBeTruthy();
    expect(
      screen.getByRole('textbox', { name: 'Digit 1 of 4 of the code' }).getAttribute('aria-invalid'),
    ).toBe('true');
  });
});
