/**
 * What makes a location sound (src/domain/locations.ts; docs/locations.md) as tables: name and address lengths,
 * the map link by capital's rule — the very pattern of capital's location step —, a store of the merchant's, and
 * opening hours (closed, past midnight, the same time twice).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOURS,
  isMapsLink,
  locationProblems,
  MAPS_LINK_PATTERN,
  pastMidnight,
  type LocationInput,
} from '../../src/domain/locations';

const sound: LocationInput = {
  name: 'Riyadh Park branch',
  address: 'Riyadh Park Mall, Northern Ring Road, Riyadh',
  maps_link: 'https://maps.app.goo.gl/abc123',
  store_id: 'sto-1',
  hours: DEFAULT_HOURS,
};

describe('a location', () => {
  it('is sound as it is', () => {
    expect(locationProblems(sound, ['sto-1'])).toEqual({});
  });

  it.each<[string, Partial<LocationInput>, string]>([
    ['a name of one letter', { name: 'A' }, '/name'],
    ['a name of 81 letters', { name: 'x'.repeat(81) }, '/name'],
    ['a name of spaces', { name: '     ' }, '/name'],
    ['an address of four letters', { address: 'Road' }, '/address'],
    ['a link that is not a map', { maps_link: 'https://example.com/maps' }, '/maps_link'],
    ['another merchant’s store', { store_id: 'sto-2' }, '/store_id'],
    [
      'a time of 25 o’clock',
      { hours: { ...DEFAULT_HOURS, mon: { from: '25:00', to: '22:00' } } },
      '/hours/mon',
    ],
    [
      'the same time twice',
      { hours: { ...DEFAULT_HOURS, fri: { from: '16:00', to: '16:00' } } },
      '/hours/fri',
    ],
  ])('names the field of %s', (_, change, pointer) => {
    expect(Object.keys(locationProblems({ ...sound, ...change }, ['sto-1']))).toEqual([pointer]);
  });

  it('may have no map link, a closed day, and hours past midnight', () => {
    const hours = { ...DEFAULT_HOURS, sun: null, thu: { from: '18:00', to: '02:00' } };
    expect(locationProblems({ ...sound, maps_link: '', hours }, ['sto-1'])).toEqual({});
    expect(pastMidnight({ from: '18:00', to: '02:00' })).toBe(true);
    expect(pastMidnight({ from: '09:00', to: '22:00' })).toBe(false);
  });
});

describe('the map link: capital’s rule', () => {
  it.each([
    ['https://maps.app.goo.gl/abc123', true],
    ['maps.google.com/?q=Riyadh', true],
    ['https://www.google.com.sa/maps/place/Riyadh', true],
    ['https://g.co/kgs/xyz', true],
    ['https://goo.gl/maps/xyz', true],
    ['https://example.com/maps', false],
    ['https://maps.app.goo.gl/a b', false],
    ['https://maps.app.goo.gl/a,b', false],
    ['https://maps.app.goo.gl/a..b', false],
    // Google's own domains only (issue 53): a look-alike country code or a subdomain of another host is not Google.
    ['https://www.google.ae/maps/place/Dubai', true],
    ['https://www.google.com.kw/maps/place/Kuwait', true],
    ['https://maps.google.co.uk/?q=London', true],
    ['https://www.google.com.ev/maps/place/x', false],
    ['https://maps.google.com.ev/?q=x', false],
    ['https://maps.google.evil/?q=x', false],
    ['https://www.google.com.sa.evil.example/maps', false],
    ['https://maps.google.com.evil.example/x', false],
  ])('%s: %s', (link, ok) => {
    expect(isMapsLink(link)).toBe(ok);
  });

  it('is the very pattern of capital’s location step', () => {
    const schema = JSON.parse(
      readFileSync(
        new URL('../../schemas/capital-frf/steps/location-details.schema.json', import.meta.url),
        'utf8',
      ),
    ) as unknown;
    const patterns: string[] = [];
    JSON.stringify(schema, (key, value: unknown) => {
      if (key === 'google_maps_link' && value && typeof value === 'object' && 'pattern' in value)
        patterns.push((value as { pattern: string }).pattern);
      return value;
    });
    expect(patterns).toEqual([MAPS_LINK_PATTERN]);
  });
});
