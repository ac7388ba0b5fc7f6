/** Login field rules (spec part 1 §2.2, part 2 §2 Login): input without an at-sign is an impersonation name. */
export function isImpersonationInput(input: string): boolean {
  return input.trim().length > 0 && !input.includes('@');
}

/** E-mail addresses are stored and compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
