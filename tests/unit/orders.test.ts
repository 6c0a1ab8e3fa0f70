/**
 * Orders' pure parts (docs/orders.md): money in minor units and back, a payment's status from its sums, the
 * list's filters through the address and to the API, and a dialog's amount checked as the server checks it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToMinor, minorToDecimal } from '../../src/domain/money';
import { leftToCapture, leftToRefund, paymentStatus } from '../../src/domain/payments';
import {
  apiFilters,
  amountProblem,
  DEFAULT_SORT,
  filtersFrom,
  hasFilters,
  paramsOf,
  queryOf,
  type OrderFilters,
} from '../../src/web/features/orders/filters';
import { checkAmount } from '../../src/web/features/orders/amount';

describe('money', () => {
  it('reads a decimal as minor units with the currency’s decimals, never rounding', () => {
    expect(decimalToMinor('120', 'SAR')).toBe(12000);
    expect(decimalToMinor('120.5', 'SAR')).toBe(12050);
    expect(decimalToMinor(' 0.05 ', 'AED')).toBe(5);
    expect(decimalToMinor('1.005', 'SAR')).toBeNull();
    expect(decimalToMinor('1.005', 'KWD')).toBe(1005);
    expect(decimalToMinor('1.0005', 'BHD')).toBeNull();
    for (const bad of ['', '-1', '1,000', '1e3', '.5', '5.', 'abc', '1 000'])
      expect(decimalToMinor(bad, 'SAR'), bad).toBeNull();
  });

  it('writes and reads back every amount the same (SAR, KWD)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.constantFrom('SAR', 'KWD', 'AED', 'BHD'),
        (minor, c) => {
          expect(decimalToMinor(minorToDecimal(minor, c), c)).toBe(minor);
        },
      ),
    );
  });
});

describe('a payment’s status', () => {
  const p = (amount: number, captured: number, refunded: number, cancelled = false) => ({
    amount,
    captured,
    refunded,
    cancelled,
  });
  it.each([
    [p(100, 0, 0), 'new'],
    [p(100, 0, 0, true), 'cancelled'],
    [p(100, 40, 0), 'captured'],
    [p(100, 100, 0), 'captured'],
    [p(100, 100, 30), 'captured'],
    [p(100, 100, 100), 'refunded'],
    // All of a partial capture refunded while the rest may still be captured: not over yet.
    [p(100, 40, 40), 'captured'],
    // …unless the rest was released.
    [p(100, 40, 40, true), 'refunded'],
  ] as const)('%o is %s', (amounts, status) => {
    expect(paymentStatus(amounts)).toBe(status);
  });

  it('leaves to capture what is authorised and not captured, to refund what is captured and not refunded', () => {
    expect(leftToCapture(p(100, 40, 0))).toBe(60);
    expect(leftToCapture(p(100, 40, 0, true))).toBe(0);
    expect(leftToRefund(p(100, 40, 15))).toBe(25);
  });
});

describe('the orders list’s filters', () => {
  const full: OrderFilters = {
    statuses: ['new', 'captured'],
    from: '2026-11-01',
    to: '2026-11-27',
    stores: ['sto-a', 'sto-b'],
    products: ['pay_later'],
    min: '10',
    max: '250.50',
    q: 'RS-1',
    sort: '-amount',
  };

  it('go through the address and come back the same', () => {
    expect(filtersFrom(paramsOf(full))).toEqual(full);
    const none = filtersFrom(new URLSearchParams());
    expect(none.sort).toBe(DEFAULT_SORT);
    expect(paramsOf(none).toString()).toBe('');
    expect(hasFilters(none)).toBe(false);
    expect(hasFilters(full)).toBe(true);
  });

  it('drop what a hand-edited address gets wrong instead of sending it', () => {
    const f = filtersFrom(
      new URLSearchParams(
        'status=new,shipped&from=31/01/2026&product=cash,installments&min=abc&max=5.5&sort=price',
      ),
    );
    expect(f).toMatchObject({
      statuses: ['new'],
      from: null,
      products: ['installments'],
      min: '',
      max: '5.5',
    });
    expect(f.sort).toBe(DEFAULT_SORT);
  });

  it('become the API’s filters with the caller’s time zone', () => {
    expect(apiFilters(full, 180)).toEqual({
      tz_offset: 180,
      statuses: ['new', 'captured'],
      created_at_gte: '2026-11-01',
      created_at_lte: '2026-11-27',
      store_ids: ['sto-a', 'sto-b'],
      products: ['pay_later'],
      amount_gte: '10',
      amount_lte: '250.50',
      query: 'RS-1',
    });
    const query = new URLSearchParams(queryOf(full, { sort: full.sort }, 180));
    expect(query.get('statuses')).toBe('new,captured');
    expect(query.get('sort')).toBe('-amount');
  });

  it('say when the amount range is the wrong way round', () => {
    expect(amountProblem({ min: '300', max: '250.50' })).toBe('filters.amountOrder');
    expect(amountProblem({ min: '10', max: '250.50' })).toBeNull();
    expect(amountProblem({ min: '', max: '1' })).toBeNull();
  });
});

describe('a dialog’s amount', () => {
  it('is checked as the server checks it', () => {
    expect(checkAmount('', 'SAR', '100.00')).toMatchObject({ ok: false, key: 'amount.required' });
    expect(checkAmount('1.005', 'SAR', '100.00')).toMatchObject({
      ok: false,
      key: 'amount.format',
      values: { decimals: 2 },
    });
    expect(checkAmount('0', 'SAR', '100.00')).toMatchObject({ ok: false, key: 'amount.positive' });
    expect(checkAmount('100.01', 'SAR', '100.00')).toMatchObject({
      ok: false,
      key: 'amount.left',
      values: { left: '100.00', currency: 'SAR' },
    });
    expect(checkAmount('100', 'SAR', '100.00')).toEqual({ ok: true, minor: 10000 });
    expect(checkAmount('1.005', 'KWD', '2.000')).toEqual({ ok: true, minor: 1005 });
  });
});
