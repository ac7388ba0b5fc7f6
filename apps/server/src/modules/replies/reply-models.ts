import { decideReplyLabel, normalizeReply, type ReplyLabel, type ReplyVerdict } from '@prospector/core';
import { extendReplyModel, readLabelledSet, trainReplyModel, type ReplyModel } from './reply-model.js';

/** A member's correction: the reply's text and the label it should have had. */
export type Correction = { text: string; label: ReplyLabel };

type TeamModel = {
  model: ReplyModel;
  /** The team's corrections, oldest first, as the model learned them. */
  corrections: Correction[];
  /** A corrected reply's exact words (normalised) → its label, applied before the model is rebuilt. */
  exact: Map<string, ReplyLabel>;
  /** A rebuild waiting to run (off the request path); classifying waits for it. */
  rebuild: Promise<void> | null;
};

/**
 * Every team's reply model in this process (decision 036): the base model, trained at start from the
 * whole labelled set, and for each team that corrected a label, the base learning with the team's
 * corrections learned on top, so a team's corrections never reach another team's model.
 */
export function createReplyModels(deps: { loadCorrections: (teamId: string) => Promise<Correction[]> }) {
  const base = trainReplyModel(readLabelledSet());
  const teams = new Map<string, Promise<TeamModel>>();

  const build = (corrections: Correction[]) => extendReplyModel(base.learning, corrections);

  function teamModel(teamId: string): Promise<TeamModel> {
    let entry = teams.get(teamId);
    if (!entry) {
      entry = deps.loadCorrections(teamId).then((corrections) => ({
        model: corrections.length ? build(corrections) : base,
        corrections,
        exact: new Map(corrections.map((c) => [normalizeReply(c.text), c.label])),
        rebuild: null,
      }));
      // A failed load is not kept: the next reply tries again.
      entry.catch(() => teams.delete(teamId));
      teams.set(teamId, entry);
    }
    return entry;
  }

  return {
    base: base as ReplyModel,

    /** The reply's label by the team's model, after the rules (`decideReplyLabel`). */
    async classify(teamId: string, body: string): Promise<ReplyVerdict> {
      const team = await teamModel(teamId);
      if (team.rebuild) await team.rebuild;
      const corrected = team.exact.get(normalizeReply(body));
      if (corrected) return decideReplyLabel(body, [{ label: corrected, probability: 1 }]);
      return team.model.classify(body);
    },

    /**
     * Learns a correction: the same words take the label at once, and the team's model is rebuilt on the
     * next turn of the event loop (not in the request that made the correction). Answers when it is.
     */
    async learn(teamId: string, correction: Correction): Promise<void> {
      // A team not loaded yet reads its corrections, this one among them, when it is.
      if (!teams.has(teamId)) return void (await teamModel(teamId));
      const team = await teamModel(teamId);
      team.corrections.push(correction);
      team.exact.set(normalizeReply(correction.text), correction.label);
      team.rebuild ??= new Promise<void>((resolve) =>
        setImmediate(() => {
          team.model = build(team.corrections);
          team.rebuild = null;
          resolve();
        }),
      );
      return team.rebuild;
    },

    /**
     * How the team's model does on its newest corrections (the newest fifth, at most 50) when it learned
     * only the older ones: the share it gets right, beside the base model's share on the same replies.
     */
    async accuracyOnRecent(teamId: string) {
      const { corrections } = await teamModel(teamId);
      // The newest fifth, at most 50: enough to measure, while the model still learns the rest.
      const held = corrections.length
        ? corrections.slice(-Math.min(50, Math.max(1, Math.floor(corrections.length / 5))))
        : [];
      const model = build(corrections.slice(0, corrections.length - held.length));
      const right = (m: ReplyModel) => held.filter((c) => m.classify(c.text).label === c.label).length;
      return {
        corrections: corrections.length,
        measuredOn: held.length,
        teamModel: held.length ? right(model) / held.length : null,
        baseModel: held.length ? right(base) / held.length : null,
      };
    },

    /** Forgets a team's model (its corrections are read again on its next reply). */
    forget(teamId: string) {
      teams.delete(teamId);
    },
  };
}

export type ReplyModels = ReturnType<typeof createReplyModels>;
