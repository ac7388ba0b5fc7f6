import type { TeamSummary } from '@prospector/core';

export type TeamSettings = Pick<TeamSummary, 'name' | 'timezone' | 'country' | 'ppgl' | 'subUsers'>;

/** What a settings field needs: the saved value, whether the user may change it, and what to do after. */
export type FieldProps<K extends keyof TeamSettings> = {
  value: TeamSettings[K];
  canEdit: boolean;
  onSaved: (patch: Pick<TeamSettings, K>) => void;
};

/** One width for the three fields, so their left and right edges line up. */
export const FIELD_WIDTH = 460;
