// Apart from the texts: the links that open them need only their titles (ADR 015).
export const PRIVACY_TITLE = 'Privacy Policy';
export const TERMS_TITLE = 'Terms and Conditions';
