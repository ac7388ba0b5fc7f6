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
    comingSoon: 'coming soon',
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
    tooManySendsToday: 'Too many codes requested today. Please try again tomorrow.',
    unauthenticated: 'Please log in again.',
    forbidden: 'You do not have permission to do that.',
    impersonationForbidden: 'nope.',
    impersonationNotFound: 'No user with that name was found.',
    impersonationAmbiguous: 'Several users have that name. Please use a more specific name.',
    teamNotFound: 'That team does not exist.',
    mailFailed: 'We could not send the e-mail right now. Please try again in a minute.',
  },
  records: {
    statusNeedsPrimary: 'A lead has to have a primary phone or email to have a status.',
    invalidPhone: 'Phone number is invalid.',
    forbiddenStatus: 'the product already has DNC and Wrong # statuses built in.',
    emptyColumn: 'There is no data here.',
    pushToCrm: 'Push to CRM',
    pushedToCrm: 'Pushed to CRM',
    propertyInfoFailed: 'Something went wrong.',
    markAllRead: 'Mark all as read',
  },
  http: {
    notFound: 'Not found.',
    badRequest: 'The request is not valid.',
    tooManyRequests: 'Too many requests. Please slow down.',
  },
} as const;
