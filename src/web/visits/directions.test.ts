import { describe, expect, it } from 'vitest';
import { directionsUrl, telHref } from './directions';

describe('directionsUrl', () => {
  it('asks Google Maps for directions to the encoded address', () => {
    expect(directionsUrl({ addressLine: '1200 Sweetwater Lane #4', city: 'Austin', state: 'TX', zip: '78704' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1200%20Sweetwater%20Lane%20%234%2C%20Austin%2C%20TX%2078704',
    );
  });

  it('keeps characters that would break the query inside the destination', () => {
    const url = new URL(directionsUrl({ addressLine: 'Apt 2 & 3, Oak St?x=1', city: 'Austin', state: 'TX', zip: '78704' }));
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('destination')).toBe('Apt 2 & 3, Oak St?x=1, Austin, TX 78704');
    expect([...url.searchParams.keys()]).toEqual(['api', 'destination']);
  });
});

describe('telHref', () => {
  it.each([
    ['5125550142', 'tel:+15125550142'],
    ['(512) 555-0142', 'tel:+15125550142'],
    ['1 512 555 0142', 'tel:+15125550142'],
    ['+44 20 7946 0958', 'tel:+442079460958'],
  ])('%s → %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});
