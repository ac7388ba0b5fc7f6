import { PRIVACY_TITLE, TERMS_TITLE } from '../../features/legal';

export type LegalKind = 'privacy' | 'terms';

export const LEGAL_TITLES: Record<LegalKind, string> = { privacy: PRIVACY_TITLE, terms: TERMS_TITLE };
