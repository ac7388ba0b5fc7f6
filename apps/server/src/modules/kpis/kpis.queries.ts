import type { CallStatus } from '@prospector/core';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/*
 * The team's KPIs in four aggregate statements over one period, every one scoped to the team and to
 * an index range (sms_jobs_team_created_idx, messages_team_in_idx, calls_team_started_idx). Days are
 * dates of the team's time zone. Definitions: ADR 026.
 */

export type Period = { teamId: string; start: Date; end: Date; tz: string };

const dayOf = (column: SQL, tz: string) => sql`(${column} at time zone ${tz})::date`;

type Grouped = {
  gDay: number;
  gLine: number;
  gTemplate: number;
  day: string | null;
  line: string | null;
  templateId: string | null;
};

/** Texts that finished (sent, delivered or refused) by day, line and template. */
export function textFigures(db: Db, p: Period) {
  return queryRows<Grouped & { sent: number; delivered: number; blocked: number }>(
    db,
    sql`with j as (
        select ${dayOf(sql`created_at`, p.tz)} as day, from_value as line, template_id, state
        from sms_jobs
        where team_id = ${p.teamId} and created_at >= ${p.start} and created_at < ${p.end}
          and state in ('sent', 'delivered', 'failed'))
      select grouping(day) as "gDay", grouping(line) as "gLine", grouping(template_id) as "gTemplate",
        day::text as day, line, template_id::text as "templateId",
        count(*)::int as sent,
        count(*) filter (where state = 'delivered')::int as delivered,
        count(*) filter (where state = 'failed')::int as blocked
      from j group by grouping sets ((day), (line), (template_id))`,
  );
}

/**
 * Campaign contacts who answered a text of the period, counted against that text (its day, line and
 * template): the last text a contact got (its step) is the one the answer stopped.
 */
export function answerFigures(db: Db, p: Period) {
  // Driven from the team's campaign texts of the period (its index range), each looking its recipient
  // up by primary key: a join let the planner walk every team's recipients instead.
  // An answer is interested when the contact's latest reply since the text is labelled interested or
  // call back (a hot temperature, issue 31): the templates that bring leads, not only replies.
  return queryRows<Grouped & { replied: number; optedOut: number; interested: number }>(
    db,
    sql`with j as materialized (
        select created_at, from_value, template_id,
          (select r.reason from campaign_recipients r where r.id = j.recipient_id and r.step = j.step) as reason,
          (select l.label from campaign_recipients r
             join reply_labels l on l.item_id = r.item_id and l.created_at >= j.created_at
           where r.id = j.recipient_id and r.step = j.step
           order by l.created_at desc limit 1) as label
        from sms_jobs j
        where team_id = ${p.teamId} and created_at >= ${p.start} and created_at < ${p.end}
          and recipient_id is not null),
      a as (
        select ${dayOf(sql`created_at`, p.tz)} as day, from_value as line, template_id, reason, label
        from j where reason in ('replied', 'optOut'))
      select grouping(day) as "gDay", grouping(line) as "gLine", grouping(template_id) as "gTemplate",
        day::text as day, line, template_id::text as "templateId",
        count(*)::int as replied,
        count(*) filter (where reason = 'optOut')::int as "optedOut",
        count(*) filter (where reason = 'replied' and label in ('interested', 'callback'))::int as interested
      from a group by grouping sets ((day), (line), (template_id))`,
  );
}

/** Texts contacts sent the team, by the day they came in and the line they came in on. */
export function inboundFigures(db: Db, p: Period) {
  return queryRows<Omit<Grouped, 'gTemplate' | 'templateId'> & { n: number }>(
    db,
    sql`with m as (
        select ${dayOf(sql`created_at`, p.tz)} as day, sent_from as line
        from messages
        where team_id = ${p.teamId} and direction = 'in' and created_at >= ${p.start} and created_at < ${p.end}
          and not system and not comment and phone is not null)
      select grouping(day) as "gDay", grouping(line) as "gLine", day::text as day, line, count(*)::int as n
      from m group by grouping sets ((day), (line))`,
  );
}

/** Calls by the day they started and their outcome. */
export function callFigures(db: Db, p: Period) {
  return queryRows<{ day: string; status: CallStatus; n: number }>(
    db,
    sql`select ${dayOf(sql`started_at`, p.tz)}::text as day, status, count(*)::int as n
      from calls
      where team_id = ${p.teamId} and started_at >= ${p.start} and started_at < ${p.end}
      group by 1, 2`,
  );
}

/** The instant a date of the time zone starts. */
export async function startOfDay(db: Db, date: string, tz: string) {
  const [r] = await queryRows<{ at: Date | string }>(
    db,
    sql`select (${date}::date::timestamp at time zone ${tz}) as at`,
  );
  return new Date(r!.at);
}

/** Today's date in the time zone. */
export async function todayIn(db: Db, tz: string) {
  const [r] = await queryRows<{ d: string }>(db, sql`select (now() at time zone ${tz})::date::text as d`);
  return r!.d;
}

/** The team's time zone, its lines (devices) and templates, to name the figures. */
export async function teamContext(db: Db, teamId: string) {
  const [[team], devices, templates] = await Promise.all([
    queryRows<{ timezone: string | null }>(db, sql`select timezone from teams where id = ${teamId}`),
    queryRows<{ id: string; value: string }>(
      db,
      sql`select id::text, value from devices where team_id = ${teamId} and kind <> 'mac'`,
    ),
    queryRows<{ id: string; text: string }>(
      db,
      sql`select id::text, text from templates where team_id = ${teamId}`,
    ),
  ]);
  return { timezone: team?.timezone ?? null, devices, templates };
}
