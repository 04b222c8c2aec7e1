// The contracts' form and rule messages (§5), free of zod: the SPA's error path turns an
// API's 400/409 message into a label with them from the start-up path on (ADR 0047).

/** The news editor's form and rule messages. */
export const newsEditorMessages = {
  invalidData: 'Invalid data. Review all error messages below to correct your data.',
  required: 'This field is required',
  tooLong: 'This text is too long.',
  invalidText: 'This field cannot contain control characters.',
  invalidDate: 'Please enter a valid publication date.',
  invalidImage: 'The header image address is not valid.',
  unknownProduct: 'Please choose products from the list.',
  bodyRequired: 'Please write the body of the news item.',
  conflict:
    'Someone else changed this news item. Reload to see their changes, then make yours again.',
  noAccess: 'Only vendor employees may publish news.',
  notAnImage: 'The file is not an image. Please upload a JPEG, PNG, WebP or GIF picture.',
  imageTooLarge: 'The image is larger than 5 MB. Please upload a smaller one.',
  imageTooManyPixels: 'The image has too many pixels. Please upload one of at most 40 megapixels.',
  noFile: 'Please choose an image file to upload.',
} as const;

/** §5 form texts and the messages of the lock-out rules (ADR 0026). */
export const userFormMessages = {
  invalidData: 'Invalid data. Review all error messages below to correct your data.',
  required: 'This field is required',
  emailExists: 'This email address already exists. Please try another one.',
  usernameExists: 'This username already exists. Please try another one.',
  pointManager: 'More than one point manager is not allowed on this account',
  licencesExceeded:
    'All licences of this account are in use. Deactivate or delete a user, or contact your account manager for more licences.',
  invalidEmail: 'Please enter a valid email address.',
  invalidPhone: 'Please enter the number in international format, e.g. +4722123456.',
  invalidWebsite: 'Please enter a web address starting with https:// or http://.',
  invalidText: 'This field cannot contain control characters.',
  tooLong: 'This text is too long.',
  invalidTimeZone: 'Please choose a time zone from the list.',
  invalidLanguage: 'Please choose a language from the list.',
  learningRoleNotOffered: 'This learning role is not available for this account.',
  billingPlatformRoleNotOffered: 'Choose one of the billing platform roles offered.',
  permissionNotGrantable: 'You can only give the permissions you hold yourself.',
  roleNotGrantable: 'You can only give a role whose permissions you hold yourself.',
  productNotOffered: 'Choose products of this account from the list.',
  selfDelete: 'You cannot delete your own user.',
  selfDeactivate: 'You cannot deactivate your own user.',
  selfDemote: 'You cannot remove your own user management rights.',
  lastAdministrator:
    'This is the last active administrator of the account. Make another user an administrator first.',
  conflict: 'Someone else changed this user. Reload to see their changes, then make yours again.',
  pendingActivation: 'A pending user becomes active by accepting the invitation.',
} as const;
