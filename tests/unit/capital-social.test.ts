import { describe, expect, it } from 'vitest';
import { linkUrl, normaliseSocial, profileUrl } from '../../src/domain/capital/social';

describe('capital §5 social links', () => {
  it('a handle or a profile address on the site is a full https address', () => {
    expect(profileUrl('instagram', '@desert.bloom')).toBe('https://instagram.com/desert.bloom');
    expect(profileUrl('instagram', 'desert_bloom')).toBe('https://instagram.com/desert_bloom');
    expect(profileUrl('instagram', 'http://www.instagram.com/desertbloom/')).toBe(
      'https://instagram.com/desertbloom',
    );
    expect(profileUrl('facebook', 'm.facebook.com/desertbloom')).toBe('https://facebook.com/desertbloom');
  });

  it("another site's address, spaces or other characters are no profile", () => {
    expect(profileUrl('instagram', 'facebook.com/desertbloom')).toBeNull();
    expect(profileUrl('facebook', 'https://evil.example/desertbloom')).toBeNull();
    expect(profileUrl('instagram', 'desert bloom')).toBeNull();
    expect(profileUrl('instagram', 'desert,bloom')).toBeNull();
  });

  it('other links: an http(s) address or a domain with a top-level domain, no spaces, commas or double dots', () => {
    expect(linkUrl('desertbloom.ae')).toBe('https://desertbloom.ae');
    expect(linkUrl('http://shop.desertbloom.ae/perfumes?x=1')).toBe(
      'https://shop.desertbloom.ae/perfumes?x=1',
    );
    expect(linkUrl('desertbloom')).toBeNull();
    expect(linkUrl('desert..bloom.ae')).toBeNull();
    expect(linkUrl('desertbloom.ae/a b')).toBeNull();
    expect(linkUrl('desertbloom.ae/a,b')).toBeNull();
    expect(linkUrl('ftp://desertbloom.ae')).toBeNull();
  });

  it('normalises what is kept and drops what is invalid or empty', () => {
    expect(
      normaliseSocial({ instagram: '@bloom', facebook: '', others: ['bloom.ae', 'not a link', '  '] }),
    ).toEqual({ instagram: 'https://instagram.com/bloom', others: ['https://bloom.ae'] });
    expect(normaliseSocial(undefined)).toEqual({});
    expect(normaliseSocial({ instagram: 'facebook.com/x' })).toEqual({});
  });
});
