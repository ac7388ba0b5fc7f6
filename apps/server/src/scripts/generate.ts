import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { textArray, uuidArray } from '../db/arrays.js';

const FIRST = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Michael',
  'Patricia',
  'David',
  'Jennifer',
  'William',
  'Elizabeth',
  'Carlos',
  'Aisha',
  'Wei',
  'Priya',
  'Olga',
  'Kwame',
  'Sofia',
  'Liam',
  'Noah',
  'Emma',
  'Hiro',
  'Fatima',
  'Mateo',
  'Grace',
];
const LAST = [
  'Smith',
  'Johnson',
  'Garcia',
  'Nguyen',
  'Brown',
  'Martinez',
  'Okafor',
  'Chen',
  'Patel',
  'Kowalski',
  'Rossi',
  'Hernandez',
  'Walker',
  'Kim',
  'Lopez',
  'Adeyemi',
  'Novak',
  'Silva',
  'Murphy',
  'Cohen',
];
const STREETS = [
  'Elm St',
  'Oak Ave',
  'Maple Dr',
  'J St',
  'Folsom Blvd',
  'Fair Oaks Blvd',
  'Capitol Ave',
  'Broadway',
  'Riverside Blvd',
  'Stockton Blvd',
  'Freeport Blvd',
  'Alhambra Blvd',
];
const CITIES = [
  'Sacramento',
  'Elk Grove',
  'Roseville',
  'Folsom',
  'Davis',
  'Rancho Cordova',
  'Citrus Heights',
];

export type GenerateInput = {
  teamId: string;
  /** Contacts to create; each gets `phonesPerContact` phones (the first primary) and one property. */
  contacts: number;
  phonesPerContact: number;
  messagesPerContact: number;
  statusIds: string[];
  memberIds: string[];
  /** Distinguishes the phone ranges of several runs in one team. */
  phoneBase: number;
  now: Date;
};

/**
 * Fills a team with realistic records in a few set-based statements (generate_series), so a
 * 100,000-record team takes seconds on PostgreSQL and PGlite alike. Phones are valid US numbers
 * (area code 916, exchanges 200–999), unique per run.
 */
export function generateTeamData(db: Db, p: GenerateInput) {
  return db.transaction((tx) => generateIn(tx, p));
}

async function generateIn(db: Db, p: GenerateInput) {
  const now = p.now.toISOString();
  const statusArr = uuidArray(p.statusIds);
  const memberArr = uuidArray(p.memberIds);
  await db.execute(sql`
    create temporary table gen_contacts on commit drop as
    select n, gen_random_uuid() as id, gen_random_uuid() as prop_id,
      (${textArray(FIRST)})[1 + (n * 7) % ${FIRST.length}] as first,
      (${textArray(LAST)})[1 + (n * 13) % ${LAST.length}] as last,
      (100 + (n * 37) % 9800)::text || ' ' || (${textArray(STREETS)})[1 + (n * 11) % ${STREETS.length}] as street,
      (${textArray(CITIES)})[1 + (n * 5) % ${CITIES.length}] as city,
      ${now}::timestamptz - ((n::bigint * 9973) % 2592000) * interval '1 second' as at
    from generate_series(1, ${p.contacts}) as n`);
  await db.execute(sql`
    insert into items (id, team_id, type, status_id, data, assigned_to, last_activity_at, search_text, created_at, updated_at)
    select id, ${p.teamId}, 'contact',
      case when cardinality(${statusArr}) = 0 then null else (${statusArr})[1 + n % cardinality(${statusArr})] end,
      jsonb_build_object('First name', first, 'Last name', last, 'City', city, 'State', 'CA'),
      case when cardinality(${memberArr}) = 0 or n % 3 = 0 then '{}'::uuid[] else array[(${memberArr})[1 + n % cardinality(${memberArr})]] end,
      at, lower(first || ' ' || last || ' ' || city || ' ca'), at, at
    from gen_contacts`);
  await db.execute(sql`
    insert into items (id, team_id, type, data, last_activity_at, search_text, created_at, updated_at)
    select prop_id, ${p.teamId}, 'property',
      jsonb_build_object('Address', street, 'City', city, 'State', 'CA', 'Zip', (95800 + n % 60)::text,
        'Bedrooms', 1 + n % 5, 'Bathrooms', 1 + n % 3, 'Year Built', 1950 + n % 70, 'Owner', first || ' ' || last),
      at, lower(street || ' ' || city || ' ca ' || first || ' ' || last), at, at
    from gen_contacts`);
  await db.execute(sql`
    insert into item_links (team_id, from_id, to_id)
    select ${p.teamId}::uuid, id, prop_id from gen_contacts union all select ${p.teamId}::uuid, prop_id, id from gen_contacts`);
  await db.execute(sql`
    insert into identifiers (team_id, item_id, value, is_email, "primary", position, created_at)
    select ${p.teamId}, c.id,
      '+1916' || lpad((${p.phoneBase} + (c.n - 1) * ${p.phonesPerContact} + k)::text, 7, '0'),
      false, k = 0, k, c.at
    from gen_contacts c cross join generate_series(0, ${p.phonesPerContact - 1}) as k`);
  if (p.messagesPerContact > 0)
    await db.execute(sql`
      insert into messages (team_id, item_id, body, direction, phone, status, created_at)
      select ${p.teamId}, c.id,
        case when k % 2 = 0 then 'Hi ' || c.first || ', are you still the owner of ' || c.street || '? Would you consider an offer?'
             else 'Maybe, what are you offering?' end,
        case when k % 2 = 0 then 'out' else 'in' end,
        '+1916' || lpad((${p.phoneBase} + (c.n - 1) * ${p.phonesPerContact})::text, 7, '0'),
        case when k % 2 = 0 then 'delivered' else null end,
        c.at - (${p.messagesPerContact} - k) * interval '1 hour'
      from gen_contacts c cross join generate_series(0, ${p.messagesPerContact - 1}) as k`);
  if (p.messagesPerContact > 0) {
    // Each contact's last text, as the Messenger lists it; one in ten replies is left unread.
    const last = p.messagesPerContact - 1;
    const direction = last % 2 === 0 ? 'out' : 'in';
    await db.execute(sql`
      update items i set
        last_message = jsonb_build_object(
          'body', ${direction === 'out' ? sql`'Hi ' || c.first || ', are you still the owner of ' || c.street || '? Would you consider an offer?'` : sql`'Maybe, what are you offering?'`},
          'createdAt', to_char((c.at - interval '1 hour') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
          'leadIdt', '+1916' || lpad((${p.phoneBase} + (c.n - 1) * ${p.phonesPerContact})::text, 7, '0'),
          'direction', ${direction}::text),
        unread_sms = ${direction === 'in' ? sql`case when c.n % 10 = 0 then 1 else 0 end` : sql`0`}
      from gen_contacts c where c.id = i.id`);
  }
  await db.execute(sql`drop table if exists gen_contacts`);
  const [counts] = await queryRows<{ items: number; identifiers: number; messages: number }>(
    db,
    sql`select (select count(*)::int from items where team_id = ${p.teamId}) as items,
      (select count(*)::int from identifiers where team_id = ${p.teamId}) as identifiers,
      (select count(*)::int from messages where team_id = ${p.teamId}) as messages`,
  );
  return counts!;
}
