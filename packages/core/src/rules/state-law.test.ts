import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import {
  bindingLaw,
  clampTeamHours,
  CONTACT_LAWS,
  contactRefusal,
  contactRule,
  contactsInLast24h,
  contactZones,
  dailyCapFreeAt,
  isContactHour,
  lawLabel,
  lawStateNames,
  nextContactAt,
  nextLawfulContactAt,
  teamHoursProblem,
  recipientStates,
  registrationWarnings,
  stateCode,
} from './state-law.js';

/** Wednesday 2 December 2026 at hh:mm in a zone. */
const local = (zone: string, hh: number, mm: number, day = 2) =>
  new Date(new TZDate(2026, 11, day, hh, mm, 0, zone).getTime());

const TIMES = ['7:59', '8:00', '19:59', '20:00', '20:59'] as const;
const at = (zone: string, t: string, day?: number) => {
  const [h, m] = t.split(':').map(Number);
  return local(zone, h!, m!, day);
};

// Each state at each time: may the contact be texted or called? (Texas starts at 9:00 on weekdays.)
const TABLE: { state: string; zone: string; allowed: boolean[] }[] = [
  { state: 'NY', zone: 'America/New_York', allowed: [false, true, true, true, true] },
  { state: 'CA', zone: 'America/Los_Angeles', allowed: [false, true, true, true, true] },
  { state: 'FL', zone: 'America/New_York', allowed: [false, true, true, false, false] },
  { state: 'OK', zone: 'America/Chicago', allowed: [false, true, true, false, false] },
  { state: 'MD', zone: 'America/New_York', allowed: [false, true, true, false, false] },
  { state: 'TX', zone: 'America/Chicago', allowed: [false, false, true, true, true] },
];

describe('each state’s texting and calling hours, in the contact’s own time', () => {
  for (const row of TABLE)
    for (const [i, t] of TIMES.entries())
      it(`${row.state} at ${t} local: ${row.allowed[i] ? 'may be contacted' : 'waits'}`, () => {
        const rule = contactRule([row.state]);
        expect(isContactHour(rule, [row.zone], at(row.zone, t), 'UTC')).toBe(row.allowed[i]);
      });

  it('Texas on a Sunday waits until noon', () => {
    const rule = contactRule(['TX']);
    const z = 'America/Chicago';
    // 6 December 2026 is a Sunday.
    expect(isContactHour(rule, [z], at(z, '11:59', 6), 'UTC')).toBe(false);
    expect(isContactHour(rule, [z], at(z, '12:00', 6), 'UTC')).toBe(true);
    expect(nextContactAt(rule, [z], at(z, '9:30', 6), 'UTC')).toEqual(at(z, '12:00', 6));
  });

  it('every law in the table cites its statute', () => {
    for (const l of CONTACT_LAWS) expect(l.citation).toMatch(/§/);
    expect(CONTACT_LAWS.find((l) => l.code === 'FL')!.citation).toContain('501.616');
  });
});

describe('a contact’s state: from an address when known, else the area code; the stricter when they disagree', () => {
  it('a Florida address with a New York area code follows Florida’s 20:00 and its 3 in 24 hours', () => {
    const states = recipientStates({ addressStates: ['Florida'], areaCodeState: 'NY' });
    expect(states).toEqual(['FL', 'NY']);
    const rule = contactRule(states);
    const zones = contactZones(['America/New_York'], states);
    const ny = 'America/New_York';
    expect(isContactHour(rule, zones, at(ny, '19:59'), 'UTC')).toBe(true);
    expect(contactRefusal(rule, zones, at(ny, '20:00'), 'UTC', 0)).toBe('quietHours');
    expect(bindingLaw(rule, 'quietHours')).toBe('FL');
    expect(contactRefusal(rule, zones, at(ny, '12:00'), 'UTC', 2)).toBeNull();
    expect(contactRefusal(rule, zones, at(ny, '12:00'), 'UTC', 3)).toBe('lawDailyCap');
    expect(bindingLaw(rule, 'lawDailyCap')).toBe('FL');
  });

  it('Florida’s panhandle is an hour behind: 20:30 in New York is still 19:30 there but Florida’s law holds both', () => {
    const rule = contactRule(['FL']);
    const zones = contactZones([], ['FL']);
    expect(isContactHour(rule, zones, at('America/New_York', '19:30'), 'UTC')).toBe(true);
    expect(isContactHour(rule, zones, at('America/New_York', '20:30'), 'UTC')).toBe(false);
    // 8:00 in New York is 7:00 in Pensacola: wait until 8:00 Central.
    expect(nextContactAt(rule, zones, at('America/New_York', '8:00'), 'UTC')).toEqual(
      at('America/Chicago', '8:00'),
    );
  });

  it('no address: the area code’s state decides; neither known: federal hours', () => {
    expect(recipientStates({ addressStates: [null, ''], areaCodeState: 'OK' })).toEqual(['OK']);
    expect(recipientStates({ addressStates: [], areaCodeState: null })).toEqual([]);
    const fed = contactRule([]);
    expect(fed.maxPer24h).toBeNull();
    expect(bindingLaw(fed, 'quietHours')).toBe('US');
  });

  it('reads a state however an address writes it', () => {
    expect(stateCode('fl')).toBe('FL');
    expect(stateCode(' Maryland ')).toBe('MD');
    expect(stateCode('New York')).toBe('NY');
    expect(stateCode('Narnia')).toBeNull();
    expect(stateCode(42)).toBeNull();
  });

  it('Florida and Texas together: Texas’s 9:00 start and Florida’s 20:00 end', () => {
    const rule = contactRule(['TX', 'FL']);
    expect(rule.hoursOn(3)).toEqual({ start: 9, end: 20 });
    expect(rule.hoursOn(7)).toEqual({ start: 12, end: 20 });
    expect(rule.maxPer24h).toBe(3);
    expect(lawLabel(bindingLaw(rule, 'quietHours'))).toBe(
      'Florida (Fla. Stat. § 501.616(6)) and Texas (Tex. Bus. & Com. Code § 301.051 (SB 140, 2025))',
    );
  });
});

describe('a team’s own hours', () => {
  it('make the hours stricter', () => {
    const rule = contactRule(['NY'], { startHour: 10, endHour: 18 });
    const z = 'America/New_York';
    expect(isContactHour(rule, [z], at(z, '9:59'), 'UTC')).toBe(false);
    expect(isContactHour(rule, [z], at(z, '17:59'), 'UTC')).toBe(true);
    expect(isContactHour(rule, [z], at(z, '18:00'), 'UTC')).toBe(false);
    expect(bindingLaw(rule, 'quietHours')).toBe('TEAM');
    expect(lawLabel('TEAM')).toBe('Team hours');
  });

  it('never looser: 6:00 to 23:00 keeps the law’s hours', () => {
    const z = 'America/New_York';
    const ny = contactRule(['NY'], { startHour: 6, endHour: 23 });
    expect(isContactHour(ny, [z], at(z, '7:59'), 'UTC')).toBe(false);
    expect(isContactHour(ny, [z], at(z, '21:00'), 'UTC')).toBe(false);
    const fl = contactRule(['FL'], { startHour: 6, endHour: 23 });
    expect(isContactHour(fl, [z], at(z, '20:00'), 'UTC')).toBe(false);
    expect(bindingLaw(fl, 'quietHours')).toBe('FL');
    expect(clampTeamHours({ startHour: 6, endHour: 23 })).toEqual({ startHour: 8, endHour: 21 });
    expect(clampTeamHours({ startHour: 9, endHour: null })).toEqual({ startHour: 9, endHour: null });
  });
});

describe("a team's own hours as saved", () => {
  it('takes hours within the federal 8:00–21:00, either end left to the law', () => {
    expect(teamHoursProblem({ startHour: 9, endHour: 18 })).toBeNull();
    expect(teamHoursProblem({ startHour: 8, endHour: 21 })).toBeNull();
    expect(teamHoursProblem({ startHour: null, endHour: 20 })).toBeNull();
    expect(teamHoursProblem({ startHour: 10, endHour: null })).toBeNull();
    expect(teamHoursProblem({ startHour: null, endHour: null })).toBeNull();
  });

  it('refuses hours looser than the law, saying which end and why', () => {
    expect(teamHoursProblem({ startHour: 7, endHour: 20 })).toBe(
      "Your hours can only be stricter than the law: texts and calls may not start before 8:00 (federal law, 8:00–21:00 in the contact's time).",
    );
    expect(teamHoursProblem({ startHour: 9, endHour: 22 })).toMatch(/may not go on after 21:00/);
  });

  it('refuses an end that is not after the start, and hours that are not whole hours of a day', () => {
    expect(teamHoursProblem({ startHour: 12, endHour: 12 })).toBe(
      'The end of your hours must come after their start.',
    );
    expect(teamHoursProblem({ startHour: 21, endHour: null })).toBe(
      'The end of your hours must come after their start.',
    );
    expect(teamHoursProblem({ startHour: 9.5, endHour: 18 })).toBe('Hours are whole hours from 0 to 24.');
    expect(teamHoursProblem({ startHour: 9, endHour: 25 })).toBe('Hours are whole hours from 0 to 24.');
  });
});

describe('Texas registration', () => {
  it('warns a team that texts Texas numbers, once', () => {
    expect(registrationWarnings(['FL', 'NY'])).toEqual([]);
    const w = registrationWarnings(['TX', 'FL', 'TX']);
    expect(w).toHaveLength(1);
    expect(w[0]).toContain('SB 140');
  });
});

describe('Florida’s, Oklahoma’s and Maryland’s 3 texts or calls in 24 hours', () => {
  const ny = 'America/New_York';
  const H = 3_600_000;

  it('counts only the texts and calls of the last 24 hours', () => {
    const now = at(ny, '12:00');
    const recent = [
      new Date(now.getTime() - 25 * H),
      new Date(now.getTime() - 24 * H),
      new Date(now.getTime() - H),
    ];
    expect(contactsInLast24h(recent, now)).toBe(1);
  });

  it('a contact with 3 in the window may be contacted again when the oldest of them turns 24 hours old', () => {
    const rule = contactRule(['FL']);
    const now = at(ny, '12:00');
    // Yesterday 14:05, today 9:00 and 11:00: free again at 14:05 today.
    const recent = [at(ny, '14:05', 1), at(ny, '9:00'), at(ny, '11:00')];
    expect(dailyCapFreeAt(rule, recent, now)).toEqual(at(ny, '14:05'));
    expect(nextLawfulContactAt(rule, [ny], recent, now, 'UTC')).toEqual(at(ny, '14:05'));
    // Two in the window: under the limit.
    expect(dailyCapFreeAt(rule, recent.slice(1), now)).toBeNull();
  });

  it('four in the window (a text from before the law applied) wait until only two are left', () => {
    const rule = contactRule(['MD']);
    const now = at(ny, '12:00');
    const recent = [at(ny, '13:00', 1), at(ny, '15:00', 1), at(ny, '9:00'), at(ny, '10:00')];
    expect(dailyCapFreeAt(rule, recent, now)).toEqual(at(ny, '15:00'));
  });

  it('a limit that ends at night waits for the morning in the contact’s hours', () => {
    const rule = contactRule(['OK']);
    const ok = 'America/Chicago';
    const now = at(ok, '19:00');
    const recent = [at(ok, '19:30', 1), at(ok, '10:00'), at(ok, '18:00')];
    // Free at 19:30, inside Oklahoma's hours (to 20:00); free at 20:30, it waits for 8:00 the next day.
    expect(nextLawfulContactAt(rule, [ok], recent, now, 'UTC')).toEqual(at(ok, '19:30'));
    const late = [at(ok, '20:30', 1), at(ok, '10:00'), at(ok, '18:00')];
    expect(nextLawfulContactAt(rule, [ok], late, now, 'UTC')).toEqual(at(ok, '8:00', 3));
  });

  it('states without the limit never hold a contact for it', () => {
    const now = at(ny, '12:00');
    const recent = [at(ny, '9:00'), at(ny, '10:00'), at(ny, '11:00'), at(ny, '11:30')];
    expect(dailyCapFreeAt(contactRule(['NY', 'TX']), recent, now)).toBeNull();
  });

  it('names the states for people', () => {
    expect(lawStateNames('FL')).toBe('Florida');
    expect(lawStateNames('FL,MD')).toBe('Florida and Maryland');
    expect(lawStateNames('FL,MD,OK')).toBe('Florida, Maryland and Oklahoma');
  });
});
