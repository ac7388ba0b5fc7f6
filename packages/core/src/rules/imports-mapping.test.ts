import { describe, expect, it } from 'vitest';
import {
  applySavedMapping,
  autoMapColumn,
  autoMapColumns,
  headerSetKey,
  toSavedMapping,
} from './imports-mapping.js';
import { importTargets, type ImportTarget } from './lists.js';

const targets = importTargets();
const named = (t: ImportTarget | null) => (t ? `${t.type}:${t.matchesTo}` : null);
const map = (column: string) => named(autoMapColumn(column, targets));

/**
 * The header of a Redfin search export (27 columns), as Redfin writes it and as the customer
 * uploaded it; public copies of the same header: github.com/search?q="STATE OR PROVINCE,ZIP OR POSTAL CODE".
 */
const REDFIN =
  'SALE TYPE,SOLD DATE,PROPERTY TYPE,ADDRESS,CITY,STATE OR PROVINCE,ZIP OR POSTAL CODE,PRICE,BEDS,BATHS,LOCATION,SQUARE FEET,LOT SIZE,YEAR BUILT,DAYS ON MARKET,$/SQUARE FEET,HOA/MONTH,STATUS,NEXT OPEN HOUSE START TIME,NEXT OPEN HOUSE END TIME,URL (SEE https://www.redfin.com/buy-a-home/comparative-market-analysis FOR INFO ON PRICING),SOURCE,MLS#,FAVORITE,INTERESTED,LATITUDE,LONGITUDE'.split(
    ',',
  );
/** Headers of the real files in ../shared/data and of Starbucks' store directory (25,600 stores). */
const NASHVILLE =
  'UniqueID ,ParcelID,LandUse,PropertyAddress,SaleDate,SalePrice,LegalReference,SoldAsVacant,OwnerName,OwnerAddress,Acreage,TaxDistrict,LandValue,BuildingValue,TotalValue,YearBuilt,Bedrooms,FullBath,HalfBath'.split(
    ',',
  );
const SACRAMENTO = 'street,city,zip,state,beds,baths,sq__ft,type,sale_date,price,latitude,longitude'.split(
  ',',
);
const STORES =
  'Brand,Store Number,Store Name,Ownership Type,Street Address,City,State/Province,Country,Postcode,Phone Number,Timezone,Longitude,Latitude'.split(
    ',',
  );

/**
 * The spec's rule alone, as the import screen applied it before synonyms and before the Country
 * target: the figures' baseline.
 */
function specRuleMaps(column: string): boolean {
  const name = column.trim().toLowerCase();
  const before = targets.filter((t) => t.matchesTo !== 'Country');
  return (
    name.includes('phone') || name.includes('email') || before.some((t) => t.label.toLowerCase() === name)
  );
}
const mappedCount = (columns: string[]) => autoMapColumns(columns, targets).filter(Boolean).length;

describe('automatic column mapping', () => {
  it.each([
    // The spec's own rule still holds.
    ['Owner Phone', 'contact:Phone'],
    ['EMAIL address', 'contact:Email'],
    ['city', 'property:City'],
    ['First Name', 'contact:First name'],
    ['Name', 'company:Name'],
    // Zip, state, beds and baths as exports write them.
    ['ZIP OR POSTAL CODE', 'property:Zip'],
    ['Zip Code', 'property:Zip'],
    ['zipcode', 'property:Zip'],
    ['Postal Code', 'property:Zip'],
    ['Postcode', 'property:Zip'],
    ['STATE OR PROVINCE', 'property:State'],
    ['State/Province', 'property:State'],
    ['Province', 'property:State'],
    ['BEDS', 'property:Bedrooms'],
    ['bedrooms', 'property:Bedrooms'],
    ['BATHS', 'property:Bathrooms'],
    ['Bathrooms', 'property:Bathrooms'],
    ['FullBath', 'property:Full Baths'],
    ['YearBuilt', 'property:Year Built'],
    ['yr_built', 'property:Year Built'],
    ['sqft_lot', 'property:Lot Size'],
    ['PROPERTY TYPE', 'property:Use Description'],
    ['LandUse', 'property:Use Description'],
    // Addresses: the property's, unless the header says whose.
    ['Street Address', 'property:Address'],
    ['PropertyAddress', 'property:Address'],
    ['Address Line 2', 'property:Street2'],
    ['City/Town', 'property:City'],
    ['Mailing Address', 'contact:Address'],
    ['Mailing City', 'contact:City'],
    ['Mailing State', 'contact:State'],
    ['Mailing Zip', 'contact:Zip'],
    ['OwnerAddress', 'contact:Address'],
    ['Company City', 'company:City'],
    // Owners and names.
    ['OwnerName', 'property:Owner'],
    ['Owner 1 Name', 'property:Owner'],
    ['Owner First Name', 'contact:First name'],
    ['Owner 1 Last Name', 'contact:Last name'],
    ['Surname', 'contact:Last name'],
    ['Full Name', 'contact:Full name'],
    ['Contact Name', 'contact:Full name'],
    // Phones and e-mails.
    ['Phone 1', 'contact:Phone'],
    ['phone2', 'contact:Phone'],
    ['Mobile', 'contact:Phone'],
    ['Cell', 'contact:Phone'],
    ['Tel.', 'contact:Phone'],
    ['Telephone Number', 'contact:Phone'],
    ['HomePhone', 'contact:Phone'],
    ['E-mail', 'contact:Email'],
    ['Email 2', 'contact:Email'],
    // Country and company.
    ['Country', 'contact:Country'],
    ['COUNTRY', 'contact:Country'],
    ['Company', 'company:Name'],
    ['Business Name', 'company:Name'],
    ['Company Website', 'company:Website'],
  ])('maps %s to %s', (column, target) => {
    expect(map(column)).toBe(target);
  });

  it.each([
    // About a phone or an e-mail, not one.
    ['Phone 1 Type'],
    ['Phone DNC'],
    ['Email Status'],
    ['Phone Country'],
    // No field to fill, or too vague to guess.
    ['PRICE'],
    ['SQUARE FEET'],
    ['STATUS'],
    ['LOCATION'],
    ['MLS#'],
    ['Lot'],
    ['Mailing Address 2'],
    ['URL (SEE https://www.redfin.com/buy-a-home/comparative-market-analysis FOR INFO ON PRICING)'],
    [''],
  ])('leaves %s unmapped', (column) => {
    expect(map(column)).toBeNull();
  });

  it('maps 9 of the 27 columns of a Redfin export, where the plain rule mapped 4', () => {
    expect(REDFIN).toHaveLength(27);
    expect(REDFIN.filter(specRuleMaps)).toEqual(['ADDRESS', 'CITY', 'LOT SIZE', 'YEAR BUILT']);
    const mapping = autoMapColumns(REDFIN, targets);
    const mapped = REDFIN.flatMap((column, i) => (mapping[i] ? [`${column} → ${named(mapping[i]!)}`] : []));
    expect(mapped).toEqual([
      'PROPERTY TYPE → property:Use Description',
      'ADDRESS → property:Address',
      'CITY → property:City',
      'STATE OR PROVINCE → property:State',
      'ZIP OR POSTAL CODE → property:Zip',
      'BEDS → property:Bedrooms',
      'BATHS → property:Bathrooms',
      'LOT SIZE → property:Lot Size',
      'YEAR BUILT → property:Year Built',
    ]);
  });

  it('maps more of the real sheets than the plain rule did', () => {
    const figures = [NASHVILLE, SACRAMENTO, STORES].map((columns) => [
      columns.filter(specRuleMaps).length,
      mappedCount(columns),
    ]);
    expect(figures).toEqual([
      [1, 7],
      [3, 6],
      [2, 7],
    ]);
  });

  it('gives a single-column field to the first matching column only, but every phone column to Phone', () => {
    const columns = ['Address', 'Street Address', 'Phone', 'Mobile', 'City', 'Town'];
    expect(autoMapColumns(columns, targets).map(named)).toEqual([
      'property:Address',
      null,
      'contact:Phone',
      'contact:Phone',
      'property:City',
      null,
    ]);
  });

  it("maps a column to the team's custom field of the same name, whatever its spacing and case", () => {
    const withCustom = importTargets({ property: [{ _id: 'f-roof', name: 'Roof Type' }] });
    expect(named(autoMapColumn('ROOF_TYPE', withCustom))).toBe('property:f-roof');
  });
});

describe("the team's remembered mapping", () => {
  const fields = [
    { name: 'STATE OR PROVINCE', type: 'property' as const, matchesTo: 'State' },
    { name: 'Price', type: 'property' as const, matchesTo: 'f-price' },
    { name: 'ZIP OR POSTAL CODE', type: 'property' as const, matchesTo: 'Zip' },
  ];
  const withPrice = importTargets({ property: [{ _id: 'f-price', name: 'Sale price' }] });

  it('knows a file of the same headers in another order, case or spacing as the same layout', () => {
    expect(headerSetKey(['ZIP OR POSTAL CODE', 'Price', 'STATE OR PROVINCE'])).toBe(
      headerSetKey([' state or  province', 'PRICE', 'zip or postal code ']),
    );
    expect(headerSetKey(['Zip', 'Price'])).not.toBe(headerSetKey(['Zip', 'Price', 'Beds']));
  });

  it("names the remembered columns by the new file's headers", () => {
    const saved = toSavedMapping(fields);
    expect(saved[0]!.name).toBe('state or province');
    expect(applySavedMapping(['price', 'zip or postal code', 'State Or Province'], saved, withPrice)).toEqual(
      [
        { name: 'State Or Province', type: 'property', matchesTo: 'State' },
        { name: 'price', type: 'property', matchesTo: 'f-price' },
        { name: 'zip or postal code', type: 'property', matchesTo: 'Zip' },
      ],
    );
  });

  it('leaves out a target deleted since, and answers nothing when no entry is left', () => {
    const saved = toSavedMapping(fields);
    const columns = ['STATE OR PROVINCE', 'Price', 'ZIP OR POSTAL CODE'];
    expect(applySavedMapping(columns, saved, targets)?.map((f) => f.matchesTo)).toEqual(['State', 'Zip']);
    expect(applySavedMapping(['Price'], toSavedMapping([fields[1]!]), targets)).toBeNull();
  });
});
