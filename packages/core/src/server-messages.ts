/**
 * Texts only the server says (its error catalogues' messages): kept apart from `messages`, which the
 * web bundles whole into its first page (issue 30's 150 KB), so they cost a visitor nothing.
 */
export const serverMessages = {
  /** Uploads and workbooks refused by the server's readers (only its error catalogue says them). */
  imports: {
    uploadQuota:
      "This file would take your team's uploads waiting to be imported over {quota} (they hold {used} now). Import them, or wait: files not imported within {hours} hours are deleted.",
    alreadyImported: 'This file has already been imported. Upload it again to import it into another list.',
    xlsxPartTooLarge:
      'This workbook unpacks to more than {limit} of {part}. Save the sheet you want to import as CSV and upload that file.',
    xlsxTooManyStrings:
      'This workbook holds more than {limit} different texts. Save the sheet you want to import as CSV and upload that file.',
    xlsxTooManyCells:
      'This sheet has more than {limit} cells. Delete the columns you do not need, or save the sheet as CSV, and upload it again.',
    xlsxTooManyRows: 'This sheet has more than {limit} rows, more than Excel itself allows.',
    xlsxTooComplex:
      'This workbook needs too much memory to read. Save the sheet you want to import as CSV and upload that file.',
    xlsxNoSheet: 'This workbook has no worksheet to import.',
  },
  publicApi: {
    adminOnly: 'Only an admin can manage API keys.',
    keyNotFound: 'That API key does not exist.',
    keyInvalid: 'That API key is not valid, or it was revoked.',
    scopeMissing: 'This API key does not have the scope this call needs: {scope}.',
    idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
    idempotencyConflict: 'This Idempotency-Key was already used with a different request.',
    idempotencyInProgress:
      'A request with this Idempotency-Key is still being processed. Retry once it has answered.',
    cursorInvalid: 'That cursor is not one this API gave.',
    listNotFound: 'No list of your team has this id.',
    contactNotFound: 'No contact of your team has this id.',
    noIdentifier: 'Give the contact at least one valid phone or e-mail.',
    propertyNotFound: 'No property of your team has this id.',
    companyNotFound: 'No company of your team has this id.',
    recordNotFound: 'No contact, property or company of your team has this id.',
    taskNotFound: 'No task of your team has this id.',
    importNotFound: 'No import of your team has this id.',
    noAddress: 'Give the property a street address (Address or Street1).',
    noCompanyName: 'Give the company a name or a website.',
    noFile: 'Send the spreadsheet as multipart/form-data, in a part named file.',
    mappingInvalid: 'mapping must be a JSON array of { name, type, matchesTo }.',
  },
  /** Outgoing webhooks and subscriptions (issue 33, ADR 045). */
  webhooks: {
    endpointNotFound: 'No webhook endpoint of your team has this id.',
    deliveryNotFound: 'No webhook delivery of your team has this id.',
    /** The notification the team's admins get; {url} is the endpoint's address. */
    endpointDisabled:
      'Webhooks to {url} are turned off: every delivery failed for 5 days. Fix the receiver, then enable it in Settings > Other > Webhooks.',
  },
  remoteDevices: {
    invalidAddress: 'Type the address as the app shows it, for example http://192.168.1.23:8080.',
    refusedAddress:
      'That address cannot be used: it points at this server or a reserved network, not at a phone or Mac.',
    unreachable:
      'Could not reach the device at that address. Check it is on, on the same network, and that the address is right.',
    wrongCredentials: 'The device refused the username or password. Check them in the app and try again.',
    invalidPhone: 'Type the phone number of this phone, for example +1 555 123 4567.',
    localAdded: 'Phone added. Prospector texts through it while it stays on this network.',
    blueBubblesAdded: 'Mac added. Prospector texts through its Messages and hears the replies.',
    webhookFailed: 'BlueBubbles did not accept the webhook. Check the server is up to date and try again.',
  },
  dialler: {
    /** A state's 24-hour limit (Florida, Oklahoma, Maryland), when no law or time is known to name. */
    lawDailyCap:
      'This contact had as many calls and texts in the last 24 hours as their state allows. Call later.',
    /** A member's own call refused by the limit: the law with its statute, and when they may call. */
    lawDailyCapCall: (law: string, max: number, when: string) =>
      `${law} allows ${max} calls or texts in 24 hours on one subject, and this contact has had ${max}. You can call them ${when} your time.`,
  },
  deviceInbound: {
    unreadable: 'The server could not read this text ({issue}).',
    refused: 'The database refused this text (error {code}).',
  },
  adminPhones: {
    cannotRemove: 'CAN NOT REMOVE. TRY FORCE REMOVE AND LET {name} KNOW',
    removed: 'The phones were removed.',
    forceRemoved: 'The phones were force removed. Let {name} know.',
    replaced: 'The phones were replaced with new numbers in the same area codes.',
    accountNotFound: 'No team has a voice account with that sid.',
    noPhones: 'Select at least one phone.',
    phoneNotFound: 'One of the selected phones is not in this account any more.',
    cannotBuy: 'The voice provider has no number to rent in area code {area} right now.',
    providerUnreachable: 'The voice provider could not be reached. Please try again in a minute.',
  },
  kpis: {
    permission: 'Only admins and members with the KPIs permission can see the KPIs.',
    badPeriod: 'The period must end on or after its first day and last at most a year.',
  },
  http: {
    notFound: 'Not found.',
    badRequest: 'The request is not valid.',
    malformedForm: 'The upload was cut short or is not a valid form. Please try again.',
    tooManyRequests: 'Too many requests. Please slow down.',
    /** A 503: the server is overloaded or its database is unreachable for a moment. */
    busy: 'The server is busy. Please try again in a moment.',
  },
} as const;
