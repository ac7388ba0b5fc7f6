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
  auth: {
    tooManySendsToday: 'Too many codes requested today. Please try again tomorrow.',
    impersonationNotFound: 'No user with that name was found.',
    impersonationAmbiguous: 'Several users have that name. Please use a more specific name.',
    impersonationOfStaff: 'Staff accounts cannot be opened by impersonation.',
    teamNotFound: 'That team does not exist.',
    mailFailed: 'We could not send the e-mail right now. Please try again in a minute.',
  },
  records: {
    mapsNotConfigured: 'Maps are not configured on this server: set GOOGLE_MAPS_KEY to look up addresses.',
    addressNotFound: 'No place was found at that address.',
    linkSameType: 'A record can only be linked to records of another type.',
    addressRequired: "Please enter the property's street address.",
    addressAmbiguous:
      'More than one property has this address. Pick one from the suggestions, or add its city and zip.',
    itemNotFound: 'That record does not exist.',
    itemForbidden: 'You can only open records assigned to you.',
    /** Stacking found the team's record, but the caller may not open it (ADR 031). */
    onRecordNotYours: 'That is already on a record you cannot open. Ask your admin to assign it to you.',
    unknownStatus: 'That status does not exist. Refresh the page to see the current statuses.',
    identifierTaken: 'That phone or e-mail already belongs to another record.',
    identifierNotFound: 'That phone or e-mail is not on this record.',
    cannotBePrimary: 'Only a phone or e-mail that is not DNC or Wrong # can be made primary.',
    memberNotFound: 'That member is not on your team.',
    taskNotFound: 'That task does not exist.',
    messageNotFound: 'That message does not exist.',
    notScheduled: 'Only a scheduled message that is still due can be cancelled.',
    statusNotFound: 'That status does not exist. Refresh the page to see the current statuses.',
    builtInStatus: 'Not contacted, DNC and Wrong number are built in: they cannot be renamed or removed.',
  },
  bulk: {
    targetNotFound: 'The member, status or list was not found.',
    /** Bulk "Queue for calls" for a member who may not call (issue 32). */
    notACaller: 'That member cannot make calls. Give them the Calls permission first.',
    /** A member who is not an admin chose another member's queue. */
    ownQueueOnly: 'Only an admin can queue calls for another member.',
    jobNotFound: 'This bulk action was not found.',
    undoExpired: 'This deletion can no longer be undone.',
    nothingSelected: 'Nothing matches this selection.',
    /** An export job not done yet, or one that exported nothing. */
    exportNotReady: 'This export is not ready.',
    audienceNotFound: 'That selection is not available for a campaign any more. Select the records again.',
  },
  lists: {
    /** An import's dropped-rows reason: the row named a record the importer may not open (ADR 031). */
    droppedNotYours: 'Already on a record you cannot open (left unchanged)',
    fileNotFound: 'The uploaded file was not found. Please upload it again.',
    fileEmpty: 'The file is empty.',
    fileNoRows: 'The file has a header but no rows.',
    fileBinary: 'This is not a spreadsheet: upload a CSV or XLSX file.',
    fileUnreadable: 'The uploaded file could not be read. Please upload it again.',
    fileHeader: 'The first row must name the columns.',
    rowTooLong: 'Row {row} is longer than 100,000 characters.',
    unbalancedQuotes: 'Row {row} has a quote that is never closed.',
    unknownTarget: 'Column "{column}" is mapped to a field that does not exist.',
    unknownColumn: 'The file has no column "{column}".',
    droppedEmpty: 'Empty row',
    droppedNoIdentifier: 'No valid phone, e-mail, address or company',
  },
  skiptrace: {
    onlyWithoutPhones: 'Skip trace applies only to properties without phones.',
    propertyNotFound: 'That property does not exist.',
    nothingToTrace: 'Every property of this list has phones already: there is nothing to skip trace.',
    alreadyRunning: 'This list is being skip traced already.',
    runNotFound: 'There is no skip trace of this list under way.',
    permissibleUseRequired: 'Confirm that you will use the data for a permissible purpose.',
    noCredits:
      "The skip trace stopped: you don't have enough credits for the next addresses. Add credits in Settings > Billing.",
    providerFailed: 'The skip trace provider did not answer. Please try again later.',
    providerRefused: 'The skip trace provider refused our key. Check BATCHDATA_API_KEY.',
  },
  devices: {
    /** ADR 031: a device shows its holder every text it carries. */
    needsAllData:
      'Only members who can open every record may connect a phone: every text the team sends through it shows on it.',
    noDevice: 'No device is connected to send this text. Connect a phone in Settings > Devices.',
    recipientRequired: 'Please choose who to text.',
    recipientBlocked: 'This number is marked DNC or Wrong # and cannot be texted.',
    notAnIdentifier: 'That number is not on this record.',
    simulatedFull: 'This team already has 100 simulated phones.',
    codeInvalid: 'That code is wrong, expired or already used. Make a new code in Settings > Devices.',
    appTokenInvalid:
      'This phone is not registered with Prospector, or it was removed. Sign in again by code.',
    signatureInvalid: 'The webhook signature is missing or wrong.',
    timestampStale: 'The webhook timestamp is missing or more than five minutes away from the server clock.',
    webhookReplayed: 'This webhook was already received.',
    appRequestInvalid: 'The request from the phone could not be read.',
    appMessageUnknown: 'That text is not one this phone was given.',
    codesFromWeb: 'Codes for new phones are made in Prospector: Settings > Devices > Add device.',
    notAppDevice: 'That phone was added another way. Remove it first to connect it with the SMS Gateway app.',
  },
  hooks: {
    noPushHook: 'Add a push hook URL in Settings > Other before pushing records to your CRM.',
    invalidApiKey: 'That API key is not valid.',
    unknownProspect: "The number in 'to' is not one of your prospects.",
  },
  team: {
    emailTaken: 'That e-mail address already belongs to another account. Use another address.',
    emailInTeam: 'That e-mail address is already on your team.',
    noEmailChange: 'No e-mail change is waiting for a code. Change the e-mail address again.',
    staffEmailLocked: "Our staff's e-mail addresses cannot be changed here.",
    memberNotFound: 'That member is not on your team.',
    cannotRemoveSelf: 'You cannot remove yourself from the team.',
    cannotRemoveAdmin: "The team's admin cannot be removed.",
    assigneesRequired: 'This member has assigned records. Choose who takes them first.',
    assigneeNotInTeam: 'Records can only be reassigned to other members of your team.',
    adminEditAdminOnly: "Only an admin can edit the admin's details.",
  },
  campaigns: {
    noTemplatesInGroups: 'The chosen template groups have no templates.',
    campaignNotFound: 'That campaign does not exist.',
    unknownDevice: 'One of the chosen devices does not exist.',
    unknownGroup: 'One of the chosen template groups does not exist.',
    unknownList: 'One of the chosen lists does not exist.',
    devicePausedNotice:
      'Campaign "{campaign}": {device} was paused because only {rate}% of its last 50 texts were delivered.',
  },
  billing: {
    insufficientCredits: "You don't have enough credits for this. Add credits in Settings > Billing.",
    holdNotFound: 'That hold does not exist.',
    holdSettled: 'That hold was already settled.',
    chargeAboveHold: 'A hold can only charge what it set aside.',
    externalIdTaken: 'That payment was already credited to another team.',
    cardDeclined: 'Your card was declined.',
    subscriptionDeclined:
      'Your card was declined, so the subscription did not start. Change the card and try again.',
    paymentNeedsAction:
      'Your bank asked to confirm this payment, which cannot be done here. Try another card.',
    cardNotSaved: 'That card could not be saved. Please enter it again.',
    paymentsFailed: 'The payment service could not be reached. Please try again in a moment.',
    noSubscription: 'There is no subscription to cancel.',
    webhookInvalid: 'The webhook signature is not valid.',
  },
  affiliates: {
    payoutRefused: 'The payment provider refused this payout. Your earnings are unchanged.',
    payoutUnavailable: 'The payment provider could not be reached. Please try again in a few minutes.',
  },
  recordDetail: {
    photoNotFound: 'This record has no photo.',
    photoOnlyProperties: 'Only a property can have a photo.',
    infoOnlyProperties: 'Only a property has property information to look up.',
    noMap: 'No map is configured on this server.',
  },
  admin: {
    secondFactorWrongCode:
      'That code is not right. Enter the 6-digit code your authenticator app shows now, or a recovery code.',
    secondFactorNotSetUp: 'Set up your authenticator app first.',
    secondFactorAlreadySetUp: 'Your authenticator app is already set up.',
    teamSuspended: 'Team suspended.',
    teamUnsuspended: 'Team unsuspended.',
    campaignsPaused: 'Paused {count} campaigns.',
    creditsAdded: 'Credits added.',
    teamCreated: 'Team created. We sent a login code to {email}.',
    emailHasAccount: 'That e-mail already has an account.',
    /** A text, call or number purchase asked for while the team is suspended (ADR 033). */
    suspendedNothingSent:
      'Your team is suspended, so this was not sent: nothing goes out until support lifts the suspension.',
  },
} as const;
