import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isValidPhoneNumber, type MetadataJson } from 'libphonenumber-js/core';
import full from 'libphonenumber-js/metadata.max.json';
import { phoneMetadataModule } from '../../src/cli/catalogueVitePlugin';

const jsonFile = createRequire(import.meta.url)
  .resolve('libphonenumber-js/metadata.max.json')
  .replace(/\.js$/, '');
const trimmed = JSON.parse(
  phoneMetadataModule(jsonFile)
    .replace(/^export default /, '')
    .replace(/;$/, ''),
) as MetadataJson;

describe('the browser’s trimmed phone metadata', () => {
  it.each([
    '+966501234567',
    '+966112345678',
    '+96650123456',
    '+971501234567',
    '+97333123456',
    '+96555123456',
    '+97433123456',
    '+201012345678',
    '+962791234567',
    '+9665012345678',
    '+971123',
  ])('gives the same verdict as the full metadata for %s', (phone) => {
    expect(isValidPhoneNumber(phone, trimmed)).toBe(isValidPhoneNumber(phone, full));
  });

  it('keeps only the dial-code countries, at a fraction of the size', () => {
    expect(Object.keys(trimmed.countries).sort()).toEqual(['AE', 'BH', 'EG', 'JO', 'KW', 'QA', 'SA']);
    expect(JSON.stringify(trimmed).length).toBeLessThan(JSON.stringify(full).length / 10);
  });
});
