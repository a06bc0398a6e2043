/** Every word the console says, on its pages and in its answers: one place, one name for one thing. */

/** A whole number as the extension writes it ("2,000"). */
const n = (value: number): string => value.toLocaleString('en-US');

/** "1 credit", "2,000 credits": a count with its noun, singular for one. */
const count = (value: number, one: string, many: string): string => `${n(value)} ${value === 1 ? one : many}`;

export const WORDS = {
  console: 'Team console',
  signInTitle: 'Sign in to the team console',
  signInHow:
    'Sign in with a link: on the gateway’s computer, run the command below and open the link it prints. A link works once, for 15 minutes.',
  signInConfirm: 'This link signs you in once. Sign in now?',
  signInButton: 'Sign in',
  signInRefused:
    'This sign-in link has been used already or has expired. Get a new one by running the command below on the gateway’s computer.',
  signInLimited: (seconds: number) =>
    `Too many sign-in links that did not work came from here. Try again in ${Math.ceil(seconds / 60)} min, with a new link from the command below.`,
  memberKeyRefused:
    'A member key does not open the team console. Sign in with a link from: npm run gateway -- admin link',
  sessionEnded: 'Your session has ended. Sign in again with a new link from: npm run gateway -- admin link',
  csrfRefused:
    'Refused: this change did not come from the console’s own page. Reload the console and try again.',
  capInvalid: 'A cap is a whole number of credits, or empty for no cap.',
  noSuchMember: 'No active member has that name any more. Reload the list.',
  destinationKind: 'Choose Lever, Ashby, HubSpot or Webhook.',
  noSuchDestination: 'The gateway holds no such destination.',
  keyMissing: 'Give the destination’s API key or token.',
  webhookUrlMissing: 'Give the webhook’s address.',

  tabs: {
    members: 'Members',
    usage: 'Usage',
    destinations: 'Destinations',
    'do-not-contact': 'Do not contact',
    retention: 'Retention',
    notice: 'Privacy notice',
    audit: 'Audit log',
  },
  noticeWhat:
    'Members copy this text from a revealed contact’s card and send it to the person: where their data came from, what is held, why, for how long, and how to object or be erased (GDPR Article 14). The blanks in braces are filled for each person.',
  noticeIsDefault: 'The extension’s default text is in use.',
  noticeSetBy: (who: string, when: string) => `Set by ${who}, ${when}.`,
  noticeText: 'Notice',
  noticeContact: 'How a person objects or asks to be erased (fills {contact})',
  noticeBlanks: 'The blanks',
  noticeSave: 'Save notice',
  noticeDefault: 'Put the default text back',
  noticeSaved: 'Saved. Members get it the next time their extension checks in.',
  noticeDefaultBack: 'The default text is back in use.',
  noticePreview: 'As a member copies it',
  dncNothingGiven: 'Give a LinkedIn profile address or an email address.',
  dncNotProfile: (url: string) =>
    `"${url}" is not a LinkedIn profile address (expected https://www.linkedin.com/in/<name>).`,
  dncNotEmail: (email: string) => `"${email}" is not an email address.`,
  dncReasonMissing: 'Choose why this person is not to be contacted.',
  dncNoSuchEntry: 'That person is no longer on the list. Reload it.',
  dncTitle: 'Do not contact',
  dncHow:
    'Nobody on this list is looked up or sent to a destination through the gateway, and members’ reveals say "On your team’s do-not-contact list". The list keeps no addresses: only a fingerprint of each (salted with this team’s own secret), so it cannot show whom it holds. Check a person by their profile address or email.',
  dncAdd: 'Add a person',
  dncProfile: 'LinkedIn profile address',
  dncEmails: 'Email addresses (one a line)',
  dncReason: 'Why',
  dncAddButton: 'Add to the list',
  dncCheckButton: 'Check',
  dncAdded: 'Added to the do-not-contact list.',
  dncAlready: (by: string, at: string) => `Already on the list (added by ${by}, ${at}).`,
  dncListed: (reason: string, by: string, at: string) => `On the list: ${reason}. Added by ${by}, ${at}.`,
  dncNotListed: 'Not on the list.',
  dncEmpty: 'Nobody is on the list.',
  dncListTitle: 'People on the list',
  dncHolds: (kinds: { url: number; id: number; email: number }) =>
    [
      kinds.url ? 'profile address' : '',
      kinds.id ? 'service id' : '',
      kinds.email ? count(kinds.email, 'email', 'emails') : '',
    ]
      .filter((part) => part !== '')
      .join(', '),
  dncRemove: 'Take off the list',
  dncRemoveConfirm:
    'Take this person off the do-not-contact list? Members could then look them up and send them again.',
  dncRemoveYes: 'Take off',
  dncRemoved: 'Taken off the do-not-contact list.',
  exportTitle: 'What the team holds about a person',
  exportHow:
    'For an access request: everything the team holds about one person (what was revealed, by whom and when, where they were sent, flags, charges, audit entries), to download.',
  exportJson: 'Download as JSON',
  exportCsv: 'Download as CSV',
  forgetNeedsProfile: 'Give the person’s LinkedIn profile address to forget them.',
  forgetTitle: 'Forget a person',
  forgetHow:
    'Erases the person from the team vault (everything revealed of them, and what was sent where), puts them on this list, and records who did it, not whom. What was already sent to a destination stays there: remove it there too.',
  forgetButton: 'Forget this person',
  forgetConfirm:
    'Forget this person for the whole team? What the team revealed of them is erased and cannot be undone.',
  forgotten: (items: number, held: boolean) =>
    held
      ? `Forgotten: ${count(items, 'item', 'items')} erased from the team vault; on the do-not-contact list.`
      : 'The team vault held nothing of this person; they are on the do-not-contact list.',
  forgottenSent: 'Already sent to — remove them there too:',
  signedInAs: (name: string, team: string) => `${name} · ${team}`,
  signOut: 'Sign out',
  signedOut: 'You have signed out. Sign in again with a new link from: npm run gateway -- admin link',
  loading: 'Loading…',
  failed: (message: string) => `That did not work: ${message}`,
  noAnswer: 'The gateway did not answer. Check that it is running, then try again.',

  invite: 'Invite a member',
  name: 'Name',
  dailyCap: 'Daily cap (credits)',
  monthlyCap: 'Monthly cap (credits)',
  noCap: 'No cap',
  inviteButton: 'Invite',
  invitationFor: (name: string) =>
    `Give ${name} this invitation. It is shown only once and is as secret as a password: they paste it where Candidate Lens asks for an API key.`,
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  membersEmpty: 'No members yet. Invite the first one above.',
  member: 'Member',
  today: 'Today',
  thisMonth: 'This month',
  spentOf: (spent: number, cap: number | null) =>
    cap === null ? count(spent, 'credit', 'credits') : `${n(spent)} of ${count(cap, 'credit', 'credits')}`,
  active: 'Active',
  revoked: (day: string) => `Revoked ${day}`,
  keyEnds: (hint: string) => `key ends …${hint}`,
  caps: 'Caps',
  saveCaps: 'Save caps',
  rename: 'Rename',
  newName: 'New name',
  saveName: 'Save name',
  revoke: 'Revoke',
  revokeConfirm: (name: string) =>
    `Revoke ${name}? Their key stops working at their next request, on every instance. What they revealed stays with the team.`,
  revokeYes: (name: string) => `Revoke ${name}`,
  cancel: 'Cancel',
  capsSaved: (name: string) => `${name}’s caps are saved; they hold from the next request.`,
  revokedNow: (name: string) => `${name} is revoked: their next request is refused.`,
  renamed: (name: string) => `Renamed to ${name}.`,

  usageTitle: 'Credits spent by the team',
  period: 'Period',
  lastDays: (days: number) => `Last ${days} days`,
  byDay: 'Credits by day',
  byMember: 'Credits by member',
  day: 'Day',
  credits: 'Credits',
  calls: 'Paid calls',
  total: 'Team total',
  downloadCsv: 'Download CSV',
  saved: (credits: number, items: number) =>
    `${count(credits, 'credit', 'credits')} saved: ${count(items, 'item', 'items')} answered from what the team already held.`,
  vault: (people: number, items: number) =>
    `The team holds ${count(items, 'item', 'items')} for ${count(people, 'person', 'people')}.`,
  balance: (remaining: number, asOf: string) =>
    `Service balance: ${count(remaining, 'credit', 'credits')} (as of ${asOf}).`,
  balanceUnknown: 'Service balance: not known yet (it is read at the next reveal or search).',
  noUsage: 'No credits spent in this period.',
  uncertain: (calls: number) =>
    `${count(calls, 'call', 'calls')} got no answer and ${calls === 1 ? 'it' : 'they'} may have been charged.`,

  destinationsTitle: 'Where members send revealed contacts',
  destinationsEmpty: 'No destinations yet. Members send only where the gateway holds a key.',
  destination: 'Destination',
  account: 'Acts as',
  setAt: 'Set',
  remove: 'Remove',
  removeConfirm: (label: string) =>
    `Remove ${label}? The gateway forgets its key; what members sent there stays marked.`,
  removeYes: (label: string) => `Remove ${label}`,
  setDestination: 'Set a destination',
  kind: 'Destination',
  key: 'API key or token',
  performAs: 'Lever user to add candidates as (id, email or name)',
  posting: 'Lever job posting id (optional)',
  apiUrl: 'API address (optional: a regional account)',
  webhookUrl: 'Webhook address',
  webhookSecret: 'Signing secret (optional: one is made for you)',
  checkAndSet: 'Check and set',
  destinationSet: (label: string, account?: string) =>
    `${label} is set${account ? ` (as ${account})` : ''}. Members send there through the gateway; their computers hold no key.`,
  webhookSecretOnce: 'The webhook’s signing secret, shown only once: give it to the receiving service.',
  destinationRemoved: (label: string) => `${label} is removed.`,

  auditTitle: 'Audit log',
  filterMember: 'Member',
  filterPerson: 'Person (name or profile address)',
  filterKind: 'Kind',
  any: 'Any',
  apply: 'Filter',
  time: 'Time (UTC)',
  who: 'Who',
  person: 'Person',
  what: 'What',
  erasedPerson: 'an erased person',
  auditEmpty: 'No entries match.',
  retentionTitle: 'Retention of the team vault',
  retentionIntro:
    'People the team revealed are removed from the team vault by two rules, whichever comes first. The gateway applies them every hour; each removal is in the audit log, named by its rule.',
  retentionEuRule: (days: number) =>
    `EU rule: people in the EU, the EEA, the UK and Switzerland, and anyone whose location is not known, are removed ${days} days after the team last revealed something of them, unless a member sent them to a destination.`,
  retentionGeneralRule: (days: number | null) =>
    days === null
      ? 'Everyone else is kept until erased.'
      : `Everyone, sent or not, is removed ${days} days after the team last revealed something of them.`,
  retentionSent:
    'Sent means a member sent the person to a destination (Lever, Ashby, HubSpot or the webhook) through the gateway. Where a person is comes from a search a member ran through the gateway; a person no search named has no location, so the EU rule applies. The EU rule is at most 30 days: the law gives a month to tell a person whose data you obtained from elsewhere.',
  retentionEuField: 'EU rule: keep for (days, 1 to 30)',
  retentionGeneralField: 'Everyone: keep for (days; empty: until erased)',
  retentionSave: 'Save the rules',
  retentionRun: 'Apply the rules now',
  retentionEuBounds: (max: number) => `Keep people under the EU rule 1 to ${max} days.`,
  retentionGeneralBounds: (max: number) =>
    `Keep everyone 1 to ${max} days, or leave it empty to keep them until erased.`,
  retentionRulesSaved: (eu: number, general: number | null) =>
    `Saved: the EU rule keeps people ${eu} days unless sent; everyone is ${general === null ? 'kept until erased' : `kept ${general} days`}. The next hourly run applies them.`,
  retention: 'Keep entries for (days)',
  saveRetention: 'Save',
  retentionSaved: (days: number) => `Entries are kept ${days} days; older ones are removed.`,
} as const;
