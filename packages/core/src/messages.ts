/**
 * Every user-facing text of the spec, word for word (typos included: they are the spec's), plus the
 * texts we designed where the spec is silent. The server answers with these; the web shows them.
 */
export const messages = {
  shell: {
    mobile: 'Looks like you are on a mobile device. Our mobile apps are currently under heavy development.',
    mobileHint: 'Please log in from a computer to use the workspace.',
    connected: 'Connected to server',
    reconnecting: 'Reconnecting to server',
    genericError: 'Something went wrong!',
    /** The spec's 'coming soon' alert, in the product's own sentence style. */
    comingSoon: 'E-mail from a record is coming soon.',
    websitesComingSoon: 'Websites are coming soon.',
  },
  landing: {
    bookDemo: 'Book a demo',
    tryNow: 'Try now',
    noCarrierRegistration: 'No US carrier registration required.',
    automationClaim: 'Automation frees 15% to 40% of your daily time.',
  },
  login: {
    sendCode: 'Send Code',
    submit: 'Submit',
    codeSent: 'We sent a one-time code to your e-mail. It expires in 5 minutes.',
    autoCreate: "If you don't have an account yet, we create one for you automatically.",
  },
  auth: {
    invalidEmail: 'Please enter a valid e-mail address.',
    invalidCode: 'The code is wrong or has expired. Please request a new one.',
    tooManySends: 'Too many codes requested. Please wait a few minutes and try again.',
    unauthenticated: 'Please log in again.',
    forbidden: 'You do not have permission to do that.',
    impersonationForbidden: 'nope.',
    otherInvitations:
      'You are in {team}. {others} also invited this address; an address belongs to one team, so to join another, ask it to invite a different address.',
  },
  records: {
    statusNeedsPrimary: 'A lead has to have a primary phone or email to have a status.',
    invalidPhone: 'Phone number is invalid.',
    /**
     * The spec's 'the product already has DNC and Wrong # statuses built in.', with the product named
     * where the spec says "the product" (issue 30 item 25).
     */
    forbiddenStatus: 'Prospector already has DNC and Wrong # statuses built in.',
    emptyColumn: 'There is no data here.',
    pushToCrm: 'Push to CRM',
    pushedToCrm: 'Pushed to CRM',
    propertyInfoFailed: 'Something went wrong.',
    /** Toasts after a record is added by hand: '{type}' is contact, property or company. */
    linkedExisting: 'Linked the existing {type}: {title}',
    linkedNew: 'Added a new {type}: {title}',
    markAllRead: 'Mark all as read',
    unknownField: 'That field does not exist on this record.',
    statusExists: 'A status with that name already exists.',
    statusTextRequired: 'Please give the status a name.',
    removeStatusConfirm: 'The records that have this status will be left with no status.',
  },
  bulk: {
    confirmDelete: (n: string) => `Delete ${n} records? You can undo it for 10 minutes.`,
    undone: 'Deletion undone.',
    /** The campaign builder's target when opened from a selection. */
    audience: (n: string) => `These ${n} records`,
    audienceHint: 'The contacts of your selection that have a phone to text or call.',
  },
  lists: {
    /** The spec's wording with its stated limit; the enforced limit is `rowLimitMessage(max)`. */
    nameRequired: 'Please give your list a name.',
    countryCode: 'Please enter a valid country code starting with +',
    dncColumn: 'You need to have a column with the name Phone (case sensitive)',
    dncWarning:
      'Imported DNC phones cannot be changed later, and contacts that already have these phones will be edited.',
    noLists: "You don't have any lists yet",
    noCampaignYet: 'Create campaign',
    launchCampaign: 'Launch campaign',
    listNotFound: 'That list does not exist.',
    fileEncoding: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
    fileTooLarge: 'The file is larger than 100 MB.',
    fileType: 'Only CSV and XLSX files can be imported.',
    nothingMapped: 'Map at least one column to a field.',
    noPhones: 'The file has no valid phone numbers.',
    exportEmpty: 'There is nothing to export.',
    /** Issue 30: an export that finds nothing says why, by what was asked for. */
    exportNoContacts:
      '{list} has no contacts, so there is nothing to export. Exports hold contacts and their phones.',
    exportNoDnc: 'There is nothing to export: no contact of {list} has a DNC phone.',
    exportNoLandlines: 'There is nothing to export: no contact of {list} has a landline.',
    listImporting: 'This list is still importing. You can delete it once the import has finished.',
    listDeleted: 'List deleted.',
  },
  /** Skip tracing (spec part 2 §5 for the first; the others we designed, the spec is silent). */
  skiptrace: {
    /** Issue 30: a list of contacts and companies showed a Skiptrace button that could never work. */
    noPropertiesToTrace:
      'Skip tracing looks up the owners of properties by their addresses. This list has no properties, so there is nothing to trace.',
    listImporting: 'This list is still importing: skip trace it once the import has finished.',
    cancelled: 'The skip trace was cancelled.',
    demoData: 'Demo data: fictional numbers',
  },
  /** Upload storage and spreadsheet-reading limits (issue 15): texts we designed, the spec is silent. */
  devices: {
    invalidId: 'The device ID is invalid. Please check and try again.',
    duplicate: 'You have already added this device',
    added: 'Device added succesfully. You can download the app once it is generated.',
    notReady: 'Please wait one more minnute. The app is not ready yet.',
    disconnected:
      'You have disconnected devices. Please check if they are turned on and connected to wifi, otherwise please write support:',
    contactSupport: 'E-mail support',
    computerFirst: 'Please pick the computer this iPhone texts through first.',
    deviceNotFound: 'That device does not exist.',
    simulatedAdded:
      'A simulated phone is connected. Text a contact from its record to see the reply come back.',
    smsGateway: {
      option: 'Android phone — SMS Gateway app',
      optionHint: 'The free SMS Gateway for Android app on the phone: no computer, no terminal.',
      phoneLabel: "The phone's number",
      getCode: 'Get a code',
      newCode: 'New code',
      download: 'Install SMS Gateway for Android on the phone from its GitHub releases page (the .apk file).',
      openSettings: 'In the app, open Settings → "Cloud server…".',
      apiUrl: 'Tap "API URL" and type:',
      channel: 'Tap "Notification channel" and choose "SSE Only".',
      goHome: 'Back on Home, turn on "Cloud server", then tap "Offline" to go online.',
      byCode:
        'In the window that opens, choose "By Code", type this code as "Login Code" and tap "Continue":',
      expires: 'Expires at {time}. It works once.',
      expired: 'This code has expired. Make a new one.',
      waiting: 'Waiting for the phone…',
      connected: 'Connected. Texts now go out from this phone.',
      limitNote:
        'Android asks before an app sends more than 30 texts in a minute: when the phone asks, choose "Allow".',
      rcsNote:
        'Turn off "Chat features" (RCS) in the phone\'s Messages app, or replies never reach the SMS Gateway app.',
      advanced: 'Advanced: our device agent (Termux on Android, Messages on a Mac)',
    },
  },
  publicApi: {
    keyCreated: 'Copy this key now: it will not be shown again.',
  },
  messenger: {
    empty: 'No other contacts found matching your filters.',
  },
  hooks: {
    invalidUrl: '*Not a valid URL.',
    /** A well-formed URL whose host is a private, local or special-purpose address (issue 30 item 36). */
    privateUrl: '*Private and local addresses are not allowed: use a public address your CRM answers on.',
    adminOnly: 'Only an admin can change the integration hooks.',
  },
  /** The public API v1 and its keys (issue 33, ADR 043). */
  settings: {
    companyNameTooShort: 'Company name must be +4 characters',
    invalidTimezone: 'Choose a time zone from the list.',
    ppglNotNumber: 'The daily texting limit must be a number.',
    adminOnly: 'Only an admin can change these settings.',
    ppglHint: 'About 100 a day per phone is recommended; applies to campaigns only.',
    invalidCountry: 'Choose a country from the list.',
  },
  onboarding: {
    companyNameRequired: "Please enter your company's name: 'Unnamed Company' is only a placeholder.",
    userNameRequired: 'Please enter your name.',
    timezoneRequired: 'Please choose your time zone.',
    deviceRequired: 'Please connect at least one device before you go on.',
    templateRequired: 'Please add a template group with at least one template.',
    statusRequired:
      'Please add at least one status of your own (besides Not contacted, DNC and Wrong number).',
    adminOnly: "Only the team's admin can finish the setup.",
  },
  team: {
    nameRequired: 'Please enter a name.',
    invalidPhone: '* Not a valid phone number.',
    emailCodeSent:
      'We sent a code to {email}. The e-mail address changes when that code is entered here; until then it stays {current}.',
    emailCodeLabel: 'Code sent to the new address',
    confirmEmail: 'Confirm e-mail',
    emailChanged: 'E-mail address changed. Every other session of this account was logged out.',
    invited: 'Invited',
    invitedHint: 'Added to the team; has not logged in yet.',
    ownAccessAdminOnly: 'Only an admin can change your own permissions and data access.',
    removeConfirm: 'Remove {name} from the team? They will no longer be able to log in.',
  },
  templates: {
    groupNameLength: 'A group name has 3 to 30 characters.',
    templateTooShort: 'A template has at least 5 characters.',
    replyTooShort: 'A quick reply has at least 5 characters.',
    subtemplateName: 'Please give the subtemplate a name.',
    subtemplateValues: 'Please add at least one option.',
    subtemplateExists: 'A subtemplate with that name already exists.',
    unknownField: 'There is no field named "{name}". Use one of your data fields, e.g. **First name**.',
    unknownSubtemplate: 'There is no subtemplate named "{name}". Add it in the Subtemplates tab first.',
    unclosedField: 'A field placeholder is not closed: write it as **Field name**.',
    groupNotFound: 'That template group does not exist.',
    templateNotFound: 'That template does not exist.',
    subtemplateNotFound: 'That subtemplate does not exist.',
    replyNotFound: 'That quick reply does not exist.',
    noTemplates: 'No templates here yet.',
    noQuickReplies: "You don't have any quick replies yet.",
    noSubtemplates: "You don't have any subtemplates yet.",
  },
  campaigns: {
    typeRequired: 'You need to select campaign type first',
    statusRequired: 'You need to select at least one status',
    zeroContacts: 'The contact count is 0 with your current filters.',
    /** A call campaign's details: '12 recipients are in the callers' queues …' (ADR 046). */
    inCallQueue: (people: string) =>
      `${people} in the callers' queues and will be called as the dialler reaches them, in their calling hours.`,
    /**
     * A call campaign's details, the contacts whose call stopped before it was made or after it
     * (issue 32, ADR 056): '2 recipients were removed from Maya's queue by Sam and will not be called.'
     */
    removedFromQueue: (people: string, queue: string, by: string) =>
      `${people} removed from ${queue} by ${by} and will not be called.`,
    callStopped: {
      replied: (people: string) => `${people} reached: they answered a call or texted back.`,
      optOut: (people: string) => `${people} stopped: their number is DNC or they opted out.`,
      blocked: (people: string) => `${people} stopped: their number is marked Wrong #.`,
      manual: (people: string) => `${people} stopped: a member texted or called them by hand.`,
      status: (people: string) => `${people} stopped: their status is no longer one the campaign calls.`,
      ended: (people: string) => `${people} stopped: the campaign ended before their call.`,
    },
    /** The builder's follow-up calls of a call campaign (ADR 046). */
    followUpCallsHelp:
      'Calls the contacts who did not answer again, on the same number. A reply, an opt-out, DNC or Wrong #, a status change or a text or call from your team stops them at once.',
    weekdayRequired: 'You need to select at least one day of the week.',
    groupRequired: 'You need to select at least one template group.',
    nameRequired: 'Please give your campaign a name.',
    deviceRequired: 'You need to pick at least one device.',
    timezoneRequired: 'You need to select set your timezone in Settings > Other',
    comingSoon: 'Coming soon!',
    noCampaigns: "You don't have any campaigns yet",
    createCampaign: 'Create campaign',
    endBeforeToday: 'The end date cannot be earlier than today.',
    lastContactedTooLate: 'The last-contacted date must be at least 7 days before now.',
    hoursOrder: 'The end time must be later than the start time.',
    followUpsTooMany: 'A campaign can have at most 5 follow-ups.',
    followUpDays: 'A follow-up waits 1 to 30 whole days for a reply.',
    followUpGroupRequired: 'Each follow-up needs at least one template group.',
    /** A list of properties with no owner contacts: what a campaign needs, and how to get it. */
    listWithoutContacts:
      '{list} holds {properties} and no contacts, and campaigns text contacts. To reach the owners, skip trace the list ({skiptrace}) to look up their phones, or import a spreadsheet with their names and phones next to these addresses: either way they are added as contacts linked to these properties.',
  },
  dataFields: {
    systemSectionRemoved: 'The {name} section is built in and cannot be deleted.',
    systemSectionRenamed: 'The {name} section is built in and cannot be renamed.',
    systemFieldRemoved: '{name} is a built-in field and cannot be deleted.',
    systemFieldChanged: '{name} is a built-in field: its name, type and options cannot change.',
    notSystem: 'Only the built-in sections and fields are system ones.',
    duplicateId: 'Two sections or fields have the same id.',
    sectionNameRequired: 'Every section needs a name.',
    fieldNameRequired: 'Every field needs a name.',
    duplicateFieldName: 'Two fields are named "{name}": field names must be unique.',
    emptyOption: 'The {name} field has an empty option.',
    duplicateOption: 'The {name} field has the option "{option}" twice.',
    unknownMember: 'The {name} section is shown to someone who is not on your team.',
    tooManySections: 'A record type can have at most {max} sections.',
    tooManyFields: 'A record type can have at most {max} fields.',
    deleteSectionConfirm:
      'Delete the section "{name}" and its fields? Values already entered in them will no longer be shown.',
    saved: 'Saved',
    saving: 'Saving…',
  },
  avatars: {
    wrongType: 'Choose a PNG, JPEG, WebP or GIF image.',
    tooLarge: 'The image must be 2 MB or smaller.',
    tooManyPixels: 'The image must be at most 10,000 pixels wide and high, and 50 megapixels in all.',
    missing: 'Choose an image to upload.',
    photoSaved: 'Your photo was saved.',
    logoSaved: 'The company logo was saved.',
  },
  billing: {
    /** The spec's billing messages (part 2 §5, §8), word for word. */
    addCardFirst: 'You need to add a card first.',
    addCardBeforeAutofill: 'You need to add a card before enabling autofill.',
    amountRequired: 'Please specify the amount.',
    minimumLoad: 'You can load minimum $10s.',
    /** Issue 18: the product says so plainly when Stripe's keys are not set. */
    paymentsNotConfigured: 'Payments are not configured',
    smsLimit: "Your plan's limit of {limit} texts this month is reached.",
    callLimit: "Your plan's limit of {limit} calls this month is reached, so the dialler stopped.",
    userLimit: 'The {plan} plan allows {users} users.',
    dncNotInPlan: 'DNC import and export are not part of the {plan} plan.',
    invalidAmount: 'The amount must be a positive number of dollars with at most 4 decimals.',
    autofillTurnedOff: 'Autofill was turned off: {reason}',
    noHistory: 'No credits have been added or used yet.',
    /** The dialler places no calls yet: the calls' meter says why it reads 0. */
  },
  affiliates: {
    /** The spec's affiliate messages (part 2 §2, §5), word for word. */
    overEarnings: 'The number you input is higher than your current affiliate earnings',
    noSignups: "You don't have any affiliate signups yet.",
    amountRequired: 'Please specify the amount.',
    invalidAmount: 'The amount must be a positive number of dollars with at most 2 decimals.',
    /** Cash withdrawal requires a connected payment account (part 2 §5). */
    noPayoutAccount: 'Connect a payout account before withdrawing cash.',
    payoutsNotConfigured: 'Payouts are not configured',
    payoutPending:
      'The payment provider did not confirm this payout yet. It is retried with the same reference, so it is paid once.',
  },
  dialler: {
    /**
     * The spec's "You don't have any phones in your account. You can get them in Settings > Phones.",
     * naming the menu as the app calls it: Settings > Devices (issue 30 item 30).
     */
    noPhones: "You don't have any phones in your account. You can get them in Settings > Devices.",
    noPhonesFound: 'No phones found',
    noAudio: "Your browser doesn't support HTML5 audio.",
    simulatedLine:
      'Simulated line: calls ring, answer and reach voicemail on this computer only. No real phone is called.',
    notJoined: 'Join the dialler first.',
    onCall: 'You are already on a call.',
    callNotFound: 'That call does not exist.',
    notMachine: 'A voicemail can only be left on a call that reached a machine.',
    noVmSelected: 'Select a voicemail first.',
    vmNotFound: 'That voicemail does not exist.',
    vmEmpty: 'The recording is empty, so it was not uploaded.',
    vmTooLarge: 'A voicemail can be at most 5 MB.',
    vmType: 'A voicemail must be an Ogg/Opus or WebM/Opus recording.',
    cannotUnqueue: 'Only items queued with no call status can be unqueued.',
    notQueued: 'That record is not in your queue.',
    noPhone: 'This record has no phone to call.',
    dnc: 'This number is marked DNC: it is never called.',
    wrongNumber: 'This number is marked Wrong #: it is never called.',
    quietHours: 'It is outside 8:00 to 21:00 where this contact lives. Call later.',
    /** The dialler's reasons panel: '3 contacts in Florida wait: 3 calls or texts in 24 hours, …'. */
    lawDailyCapWaiting: (
      count: string,
      one: boolean,
      states: string,
      max: number,
      law: string,
      when: string | null,
    ) =>
      `${count} ${one ? 'contact' : 'contacts'} in ${states} ${one ? 'waits' : 'wait'}: ${max} calls or texts in 24 hours, the most allowed by ${law}${when ? `; next ${when} your time` : ''}.`,
    voiceFailed: 'The phone service could not do that. Try again in a moment.',
    numbersPermission: 'Only admins and members with the phones permission can buy or remove numbers.',
    numberNotFound: 'That number does not exist.',
    missedCall: 'Missed call from {phone}',
    missedCallTask: 'Call back {phone} (missed call)',
    callTaken: 'Someone else answered this call.',
    noIncoming: 'That call is no longer ringing.',
    notSimulated: 'Incoming calls can be simulated only on the simulated line.',
    forwardNumberRequired: 'Enter the phone number your calls are forwarded to.',
    forwardNumberInvalid: 'Phone number is invalid.',
    forwardToRequired: 'Choose the member whose phone takes the calls.',
    forwardToNoPhone:
      "That member has no phone number to forward calls to. They can add one in the dialler's call settings.",
    memberNotFound: 'That member is not in your team.',
  },
  /** Record detail (issue 23): property photos, maps and the property information look-up. */
  recordDetail: {
    photoWrongType: 'Choose a PNG, JPEG, WebP or GIF image.',
    photoTooLarge: 'The photo must be 10 MB or smaller.',
    photoMissing: 'Choose a photo to upload.',
    photoSaved: 'The photo was saved.',
    propertyInfoNotConfigured:
      'Property information is not configured on this server: no provider for owner, beds, baths, lot size, year built and use is set up.',
    infoFilled: 'Filled {fields}.',
    infoNothingToFill: 'Nothing to fill: every field the look-up found already has a value.',
    openInMaps: 'Open in Google Maps',
  },
  input: {
    unstorableCharacters:
      'This text contains a character that cannot be saved (a null character or half of an emoji). Remove it and try again.',
  },
  /** Team chats and live support (issue 20; spec part 1 §2.6, §6). */
  replies: {
    notFound: 'This text has no label to change.',
    adminOnly: "Only an admin can see the model's accuracy.",
    needsLook: 'Needs a look',
    actionNotFound: 'This reply has no automatic action to undo.',
    actionUndone: 'These actions were already undone.',
    actionsAdminOnly: 'Only an admin can change the reply actions.',
    unknownStatus: "Pick one of the team's statuses.",
    undo: 'Undo',
    undone: 'Undone',
    backlogTitle: 'Sorting the replies received before',
    backlogProgress: '{labelled} of {received} received texts labelled so far.',
  },
  chats: {
    title: 'Chats',
    empty: 'No chats yet.',
    noMessages: 'No messages yet. Say hello!',
    notFound: 'That chat does not exist.',
    needsTextOrImage: 'Write a message or choose an image.',
    imageWrongType: 'Choose a PNG, JPEG, WebP or GIF image.',
    imageTooLarge: 'The image must be 10 MB or smaller.',
    imageNotFound: 'That image does not exist.',
    tooLong: 'A message can be at most 4000 characters.',
    supportName: 'Support',
    supportTitle: 'Live support',
    supportInbox: 'Support inbox',
    supportInboxEmpty: 'No team has written to support yet.',
    teamRoom: 'Everyone',
    /** System messages: '{name}' is the member's name (or e-mail). */
    joined: '{name} joined the team.',
    left: '{name} left the team.',
    placeholder: 'Write a message…',
    /** The staff's e-mail about a support message nobody answered: '{team}', '{minutes}'. */
    alertSubject: 'Unanswered support chat: {team}',
    alertText:
      '{team} wrote to support {minutes} minutes ago and nobody has answered yet.\n\nLast message: {body}\n\nAnswer in the support inbox: {url}',
    mentionBody: '{name} mentioned you in a chat',
  },
  /** The internal admin area (spec part 2 §2, §6, §8 and §9; the rest is ours). */
  admin: {
    /** The spec's alert when the admin panel returns no teams, and its refusal of everyone but staff. */
    nope: 'nope.',
    secondFactorRequired: 'Second factor required',
    secondFactorVerified: 'Second factor verified.',
    recoveryCodeUsed: 'Recovery code used: {left} left. Set up a new authenticator app when you run low.',
    /** The banner every member of a suspended team sees (rules/admin.ts suspensionBannerText). */
    suspendedBanner:
      'Your team is suspended: campaigns are stopped and nothing is sent, called or bought. Reason: {reason}.',
    suspendedContactSupport: 'Please contact support.',
    suspendedNoReason: 'not given',
    /** Over the SMS box while the team is suspended, before anything is written (ADR 033). */
    suspendedComposerNote:
      'Your team is suspended: a text written here is not sent until support lifts the suspension.',
  },
  /** The suspension page (spec part 2 §2, §6, §8): a voice sub-account's numbers. */
  /** The team's own KPIs (spec part 2 §3 Team KPIs). */
  /** Why the server refused one received text (the agent logs it on the phone and does not send it again). */
} as const;
