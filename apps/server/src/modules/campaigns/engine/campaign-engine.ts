import { runningCallCampaigns, runningCampaigns } from './campaign-engine.queries.js';
import type { CampaignEngineDeps, EngineContext, TickReport } from './campaign-engine.deps.js';
import { followUpStillDue, runCallFollowUps } from './call-follow-ups.js';
import { runCampaign } from './run-campaign.js';

/** Runs each running campaign's tick in turn; one that fails is logged and the others still run. */
async function tick(ctx: EngineContext): Promise<TickReport> {
  const now = ctx.clock.now();
  const report: TickReport = {
    campaigns: 0,
    sent: 0,
    deferred: 0,
    stopped: 0,
    finished: 0,
    planLimited: 0,
    requeued: 0,
  };
  const failed = (what: string, campaignId: string, err: unknown) =>
    ctx.log.error({ err: (err as { cause?: unknown }).cause ?? err, campaignId }, what);
  const list = await runningCampaigns(ctx.db);
  for (const c of list) {
    report.campaigns++;
    try {
      await runCampaign(ctx, c, now, report);
    } catch (err) {
      failed('campaign tick failed', c.id, err);
    }
  }
  for (const c of ctx.requeueCalls ? await runningCallCampaigns(ctx.db) : []) {
    try {
      await runCallFollowUps(ctx, c, now, report);
    } catch (err) {
      failed('call campaign follow-ups failed', c.id, err);
    }
  }
  return report;
}

type BeatState = {
  timer: NodeJS.Timeout | null;
  /** The tick under way. */
  running: Promise<unknown> | null;
  stopped: boolean;
  /** A kick came during the tick under way: the next one runs right after it. */
  again: boolean;
};

/**
 * Runs `tick` every `tickMs` once started, one tick at a time: a kick during a tick runs the next one
 * right after it; stopping waits for the tick under way.
 */
function createBeat(tick: () => Promise<unknown>, tickMs: number, onError: (err: unknown) => void) {
  const beat: BeatState = { timer: null, running: null, stopped: true, again: false };

  function schedule(ms: number) {
    if (beat.stopped) return;
    beat.timer = setTimeout(() => {
      beat.timer = null;
      beat.running = tick()
        .catch(onError)
        .finally(() => {
          beat.running = null;
          schedule(beat.again ? 0 : tickMs);
          beat.again = false;
        });
    }, ms);
  }

  return {
    start() {
      if (!beat.stopped) return;
      beat.stopped = false;
      schedule(tickMs);
    },
    /** Runs a tick soon (a launch or a resume), without waiting for the next beat. */
    kick() {
      if (beat.stopped) return;
      if (beat.running) {
        beat.again = true;
        return;
      }
      if (beat.timer) clearTimeout(beat.timer);
      schedule(0);
    },
    async stop() {
      beat.stopped = true;
      if (beat.timer) clearTimeout(beat.timer);
      beat.timer = null;
      await beat.running;
    },
  };
}

/**
 * The sending engine: every tick, each running campaign inside its weekly window claims its due
 * recipients (FOR UPDATE SKIP LOCKED) and the device-day rows of its devices, decides per recipient
 * (send, wait, stop, skip), and writes the texts as device jobs in the same transaction. A crash
 * before the commit sends nothing; (recipient, step) is unique on jobs, so nothing is sent twice.
 * Each use case is a function of the engine's context: a text campaign's tick (run-campaign.ts), a
 * call campaign's follow-up calls (call-follow-ups.ts).
 */
export function createCampaignEngine(deps: CampaignEngineDeps) {
  const ctx: EngineContext = { ...deps, random: deps.random ?? Math.random };
  const runTick = () => tick(ctx);
  const beat = createBeat(runTick, deps.options.tickMs, (err) =>
    deps.log.error({ err }, 'campaign engine tick failed'),
  );
  return {
    tick: runTick,
    followUpStillDue: (e: { teamId: string; campaignId: string; itemId: string; at: Date }) =>
      followUpStillDue(ctx, e),
    ...beat,
  };
}

export type CampaignEngine = ReturnType<typeof createCampaignEngine>;
