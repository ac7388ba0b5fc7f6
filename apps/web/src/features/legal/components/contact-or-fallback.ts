/** Until the server's configuration has loaded, the texts name the address without spelling it. */
export function contactOrFallback(contactEmail: string | null): string {
  return contactEmail ?? 'our support address';
}
