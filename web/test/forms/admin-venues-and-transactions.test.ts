import type { AdminVenue, AdminVenueListItem } from '@linksmate/proto';
import { PAGE_SIZES } from '@linksmate/proto/rules';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_FILTER_MESSAGES,
  amountError,
  amountRangeError,
  dollarsToCents,
  humanise,
  readFilters as readTransactionFilters,
  toQuery,
} from '../../src/features/admin-transactions/components/filters';
import {
  applyFilters,
  isFiltered,
  NO_FILTERS,
  readFilters as readVenueFilters,
  stateOptions,
  typeOptions,
} from '../../src/features/admin-venues/components/filters';
import {
  newVenueValues,
  numberOf,
  venueBodyOf,
  venueValuesOf,
} from '../../src/features/admin-venues/components/wizard/venue-form';

/** A stored venue: only the fields the wizard reads are named; the rest are absent as on a sparse row. */
const storedVenue = (patch: Partial<AdminVenue>): AdminVenue =>
  ({
    ...venueBodyOf(newVenueValues(), true),
    name: 'Black Rock Golf Club',
    country: 'Australia',
    venue_type: ['golf_course'],
    social_golf_days: [],
    tags: [],
    course_amenities: [],
    club_amenities: [],
    business_hours: {},
    is_active: true,
    is_verified: false,
    lat: null,
    lng: null,
    ...patch,
  }) as unknown as AdminVenue;

describe('the venue wizard (docs/product.md#admin-entities, docs/product.md#admin-calls)', () => {
  it('when a new venue is started, then it is an active, unverified golf course in Australia', () => {
    expect(newVenueValues()).toMatchObject({
      venue_type: ['golf_course'],
      is_active: true,
      is_verified: false,
      country: 'Australia',
    });
  });

  it("when a venue with types the wizard does not know is opened, then they show as 'Other' with their text", () => {
    const values = venueValuesOf(
      storedVenue({ venue_type: ['golf_course', 'mini_golf', 'glow_golf', 'axe throwing'] }),
    );
    expect(values.venue_type).toEqual(['golf_course', 'mini_golf', 'other']);
    expect(values.custom_venue_types).toBe('glow_golf, axe throwing');
  });

  it('when its hours were stored for every day at once or in capitals, then each day of the wizard shows them', () => {
    const values = venueValuesOf(
      storedVenue({
        business_hours: { all: '6am-6pm', Saturday: '5am-8pm' },
        social_golf_days: ['Saturday', 'SUNDAY'],
      }),
    );
    expect(values.business_hours).toMatchObject({
      monday: '6am-6pm',
      saturday: '5am-8pm',
      sunday: '6am-6pm',
    });
    expect(values.social_golf_days).toEqual(['saturday', 'sunday']);
  });

  it('when it is sent, then text is trimmed with blanks as null, numbers as typed, hours only for days filled in', () => {
    const values = {
      ...newVenueValues(),
      name: '  Black Rock  ',
      suburb: '   ',
      course_full_length: '6012',
      course_half_length: '',
      lat: -37.97,
      tags: [' links ', ' '],
      business_hours: { ...newVenueValues().business_hours, monday: ' 6am-6pm ' },
      commercials: 'fee split 10%',
    };
    const body = venueBodyOf(values, false);
    expect(body).toMatchObject({
      name: 'Black Rock',
      suburb: null,
      course_full_length: 6012,
      course_half_length: null,
      lat: -37.97,
      lng: null,
      tags: ['links'],
      business_hours: { monday: '6am-6pm' },
    });
    expect(body).not.toHaveProperty('custom_venue_types');
    expect(body).not.toHaveProperty('commercials');
    expect(venueBodyOf(values, true).commercials).toBe('fee split 10%');
    expect(
      venueBodyOf({ ...values, venue_type: ['other'], custom_venue_types: ' glow golf ' }, false)
        .custom_venue_types,
    ).toBe('glow golf');
  });

  it('when a number field holds text that is not a number, then it is sent as NaN for the server to refuse, not cleared', () => {
    expect(numberOf('abc')).toBeNaN();
    expect(numberOf(' ')).toBeNull();
    expect(numberOf(-12)).toBe(-12);
  });
});

const listed = (patch: Partial<AdminVenueListItem>): AdminVenueListItem => ({
  id: 1,
  slug: 'v',
  name: 'Venue',
  address: null,
  suburb: null,
  city: null,
  state: 'VIC',
  country: 'Australia',
  venue_type: ['golf_course'],
  is_verified: true,
  is_active: true,
  review_status: 'approved',
  featured_image_url: null,
  gallery_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  ...patch,
});

describe('the venue table filters (spec 3 "Venues management")', () => {
  const venues = [
    listed({ id: 1, name: 'Café Links', suburb: 'Mornington', state: 'VIC' }),
    listed({
      id: 2,
      name: 'Harbour Greens',
      city: 'Sydney',
      state: 'NSW',
      is_verified: false,
      review_status: 'pending',
    }),
    listed({ id: 3, name: 'Outback Putt', state: 'Outback', venue_type: ['glow_golf'], is_active: false }),
  ];
  const ids = (filters: Partial<typeof NO_FILTERS>) =>
    applyFilters(venues, { ...NO_FILTERS, ...filters }).map((v) => v.id);

  it('when the address carries filters, then they are read back; none means unfiltered', () => {
    const filters = readVenueFilters(new URLSearchParams('search=links&state=VIC'));
    expect(filters).toEqual({ ...NO_FILTERS, search: 'links', state: 'VIC' });
    expect(isFiltered(filters)).toBe(true);
    expect(isFiltered(readVenueFilters(new URLSearchParams('search=%20')))).toBe(false);
  });

  it('when searching without case or accents, then the name, suburb and city are looked at', () => {
    expect(ids({ search: 'cafe' })).toEqual([1]);
    expect(ids({ search: 'MORNINGTON' })).toEqual([1]);
    expect(ids({ search: 'sydney' })).toEqual([2]);
  });

  it('when state, type, verified, active and review are picked, then only venues passing each are left', () => {
    expect(ids({ state: 'NSW' })).toEqual([2]);
    expect(ids({ type: 'glow_golf' })).toEqual([3]);
    expect(ids({ verified: 'unverified' })).toEqual([2]);
    expect(ids({ active: 'inactive' })).toEqual([3]);
    expect(ids({ review: 'pending' })).toEqual([2]);
    expect(ids({ state: 'VIC', active: 'inactive' })).toEqual([]);
  });

  it("when venues have states or types outside the spec's lists, then the choices add them after the spec's", () => {
    expect(stateOptions(venues).map((o) => o.value)).toEqual([
      '',
      'NSW',
      'VIC',
      'QLD',
      'SA',
      'WA',
      'TAS',
      'ACT',
      'NT',
      'Outback',
    ]);
    expect(typeOptions(venues).at(-1)).toEqual({ value: 'glow_golf', label: 'Glow Golf' });
  });
});

describe('the transaction filters (spec 3 "Payment Transactions")', () => {
  it('when the address holds values the list does not know, then they are left out', () => {
    const filters = readTransactionFilters(
      new URLSearchParams(
        'status=exploded&type=charge.refunded&currency=aud&dateFrom=2026-13&dateTo=2026-12-31&minAmount=5',
      ),
    );
    expect(filters).toMatchObject({
      status: '',
      type: 'charge.refunded',
      currency: 'aud',
      dateFrom: '',
      dateTo: '2026-12-31',
      minAmount: '5',
    });
  });

  it('when amounts are typed in dollars, then the query asks in cents and a negative amount is named, not sent', () => {
    expect(dollarsToCents('12.34')).toBe(1234);
    expect(dollarsToCents('')).toBeUndefined();
    expect(dollarsToCents('-5')).toBeUndefined();
    expect(dollarsToCents('ten')).toBeUndefined();
    expect(amountError('-5')).toBe(AMOUNT_FILTER_MESSAGES.negative);
    expect(amountError('5')).toBeUndefined();
    expect(amountRangeError('20', '10')).toBe(AMOUNT_FILTER_MESSAGES.belowMinimum);
    expect(amountRangeError('10', '20')).toBeUndefined();
  });

  it('when page 3 is asked for, then the query skips two pages and sends only the filters given', () => {
    const query = toQuery(
      {
        ...readTransactionFilters(new URLSearchParams()),
        minAmount: '1.5',
        userEmail: ' mia@linksmate.dev ',
      },
      3,
    );
    expect(query).toEqual({
      limit: PAGE_SIZES.adminTransactions,
      offset: 2 * PAGE_SIZES.adminTransactions,
      status: undefined,
      type: undefined,
      currency: undefined,
      dateFrom: undefined,
      dateTo: undefined,
      minAmount: 150,
      maxAmount: undefined,
      userEmail: 'mia@linksmate.dev',
    });
    expect(humanise('requires_payment_method')).toBe('Requires payment method');
    expect(humanise('charge.refunded')).toBe('Charge refunded');
  });
});
