import { describe, expect, it } from 'vitest';
import {
  formatCents,
  fromMinorUnits,
  GST_LABEL,
  gstInsideCents,
  gstOnCents,
  minorUnitsPerMajor,
  toMinorUnits,
} from '../src/rules/money';

describe('money in minor units', () => {
  it('when a price is typed in dollars, then it is kept in whole cents', () => {
    expect(toMinorUnits('12.5', 'AUD')).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinorUnits('', 'AUD')).toBe(0);
    expect(fromMinorUnits(1250, 'AUD')).toBe(12.5);
  });

  it('when the currency is yen, then there is no minor unit: 1500 yen is kept as 1500, never ×100', () => {
    expect(minorUnitsPerMajor('JPY')).toBe(1);
    expect(minorUnitsPerMajor('jpy')).toBe(1);
    expect(toMinorUnits(1500, 'JPY')).toBe(1500);
    expect(fromMinorUnits(1500, 'JPY')).toBe(1500);
    expect(formatCents(1500, 'JPY')).toMatch(/^JP\S*\s?1,500$/); // 'JP¥1,500' or 'JPY 1,500', by ICU data
    expect(gstOnCents(1500)).toBe(150);
  });

  it('when amounts are shown, then they read in en-AU, and an unknown currency falls back to AUD', () => {
    expect(formatCents(4950, 'AUD')).toBe('$49.50');
    expect(formatCents(4950, 'nope')).toBe('$49.50');
  });

  it('when a GST-inclusive total is split, then its GST is the GST charged on its price, to the cent, for every price', () => {
    const disagreements: number[] = [];
    for (let price = 0; price <= 200_000; price++)
      if (gstInsideCents(price + gstOnCents(price)) !== gstOnCents(price)) disagreements.push(price);
    expect(disagreements).toEqual([]);
    expect(gstInsideCents(11_000)).toBe(1_000);
  });

  it('when a price summary names the GST line, then it says the rate the server charges', () => {
    expect(GST_LABEL).toBe('GST (10%)');
  });
});
