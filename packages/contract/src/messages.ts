/**
 * The messages the contract's schemas give when they refuse a value, by code, in English. They are
 * templates in i18next's syntax (`{{name}}`; `count` also picks a plural form in other languages). A
 * schema's message is the English text, made with `message(code, params)`; a server finds the code and
 * the parameters again with `messageOf(text)` and answers in the caller's language from its catalog
 * (docs/decisions/0015-one-catalog-for-server-text.md).
 */
export const MESSAGES = {
  id: {
    range: 'Ids are whole numbers from 1 to {{max}}.',
  },
  singleLine: {
    emailAddresses: 'E-mail addresses must not contain control characters such as NUL or escape.',
    passwords: 'Passwords must not contain control characters such as NUL or escape.',
    names: 'Names must not contain control characters such as NUL or escape.',
    tokens: 'Tokens must not contain control characters such as NUL or escape.',
    addresses: 'Addresses must not contain control characters such as NUL or escape.',
    techniqueNames: 'Technique names must not contain control characters such as NUL or escape.',
    fileNames: 'File names must not contain control characters such as NUL or escape.',
  },
  multiLine: {
    descriptions: 'Descriptions must not contain control characters other than tabs and line breaks.',
  },
  text: {
    unpairedSurrogate: 'Text must be valid Unicode: it holds half of a surrogate pair, which cannot be stored.',
  },
  email: {
    tooLong: 'E-mail addresses have at most {{count}} characters.',
    invalid: 'Enter a valid e-mail address.',
    required: 'Enter your e-mail address.',
  },
  password: {
    tooShort: 'Passwords must be at least {{count}} characters.',
    tooLong: 'Passwords must be at most {{count}} characters.',
    requiresDigit: "Passwords must have at least one digit ('0'-'9').",
    requiresLetter: "Passwords must have at least one letter ('a'-'z').",
    required: 'Enter your password.',
  },
  date: {
    format: 'Dates are written YYYY-MM-DD.',
    notCalendar: 'This is not a calendar date.',
  },
  birthdate: {
    age: 'Birthdates must give an age between {{min}} and {{max}} years.',
    walkIn: 'Birthdates must be between {{earliest}} and today.',
  },
  name: {
    required: 'Enter a name.',
    tooLong: 'Names have at most {{count}} characters.',
  },
  height: {
    number: 'Height must be a number.',
    range: 'Height must be between {{min}} and {{max}} cm.',
    positive: 'Height must be above 0.',
    max: 'Height must be at most {{max}} cm.',
  },
  weight: {
    number: 'Weight must be a number.',
    range: 'Weight must be between {{min}} and {{max}} kg.',
    positive: 'Weight must be above 0.',
    max: 'Weight must be at most {{max}} kg.',
  },
  sparringDuration: {
    number: 'Sparring duration must be a number.',
    range: 'Sparring duration must be between {{min}} and {{max}} minutes.',
    whole: 'Sparring duration is a whole number of minutes.',
  },
  trainingDate: {
    format: 'trainingDate must be a date-time with an offset.',
    years: 'trainingDate must be in the years {{min}} to {{max}}.',
  },
  capacity: {
    number: 'Capacity must be a number.',
    whole: 'Capacity is a whole number of people.',
    range: 'Capacity must be between {{min}} and {{max}}.',
  },
  duration: {
    number: 'Duration must be a number of hours.',
    min: 'Duration must be at least one minute.',
    max: 'Duration must be at most {{count}} hours.',
  },
  sessionList: {
    cursor: 'cursor must be a value given in a Link header of this list.',
    instant: '{{name}} must be a date-time with an offset.',
    instantYears: '{{name}} must fall in the years 0000 to 9999 in UTC.',
    limitWhole: 'limit must be a whole number.',
    limitRange: 'limit must be between 1 and {{max}}.',
    toAfterFrom: 'to must be later than from.',
  },
  schedule: {
    nameRequired: 'Give the class a name.',
    weekdays: 'Choose at least one weekday.',
    startTime: 'Start times are written HH:MM (24 hours).',
    durationMinutes: 'Duration must be between {{min}} and {{max}} minutes.',
    weekOf: 'weekOf must be a date written YYYY-MM-DD.',
  },
  checkIn: {
    onlyYourself: 'Check in one student: yourself.',
  },
  attendance: {
    required: 'Please enter at least one valid record',
    tooMany: 'At most {{count}} records at once.',
  },
  video: {
    fileRequired: 'Please select a video file',
    studentIdentifierRequired: 'Please provide a student identifier',
    studentIdentifierTooLong: 'Student identifiers have at most {{count}} characters.',
    descriptionTooLong: 'Descriptions have at most {{count}} characters.',
    martialArt: 'Choose one of the listed martial arts.',
    titleTooLong: 'Titles have at most {{count}} characters.',
    shareWhom: 'Choose the fighters or the session to share with.',
    tooManyRecipients: 'Share with at most {{count}} fighters at once.',
  },
  promotion: {
    belt: 'Choose one of the listed belts.',
    stripes: 'Stripes are a whole number from {{min}} to {{max}}.',
    noteTooLong: 'Notes have at most {{count}} characters.',
  },
  weighIn: {
    range: 'Weight must be between {{min}} and {{max}} kg.',
  },
  analysis: {
    timestamp: 'Timestamps are written HH:MM:SS.',
    nameRequired: 'Give it a name.',
    segmentOrder: 'Each band of the position ribbon ends after it starts, and after the band before it ends.',
    segmentTop: 'Standing, a scramble and an unclear stretch have nobody on top.',
    techniqueOrder: 'A technique ends at or after its start.',
    commentRequired: 'Write the comment.',
    drawingOutside: 'A drawing stays on the frame: its points lie between 0 and 1.',
    drawingEmpty: 'A drawing has at least one line, arrow or circle.',
    drawingTooManyShapes: 'A drawing has at most {{count}} lines, arrows and circles.',
    tooManyDrawings: 'An analysis has at most {{count}} drawings.',
  },
} as const;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A message's code: its path in `MESSAGES`, e.g. `password.tooShort`. */
export type MessageCode = Leaves<typeof MESSAGES>;
export type MessageParams = Readonly<Record<string, string | number>>;

/** A message as a code and the values of its placeholders. */
export interface CodedMessage {
  readonly code: MessageCode;
  readonly params: MessageParams;
}

/** The English template of a code. */
export function messageTemplate(code: MessageCode): string {
  let node: unknown = MESSAGES;
  for (const part of code.split('.')) {
    node = typeof node === 'object' && node !== null ? Object.getOwnPropertyDescriptor(node, part)?.value : undefined;
  }
  return typeof node === 'string' ? node : code;
}

/** Fills a template's `{{name}}` placeholders; one without a value stays as written. */
export function fillTemplate(template: string, params: MessageParams): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined ? placeholder : String(value);
  });
}

/** Every message made so far, by its English text: schemas make theirs when their module loads. */
const byText = new Map<string, CodedMessage>();

/** The English text of a message, for a schema. The text is remembered, so `messageOf` finds its code again. */
export function message(code: MessageCode, params: MessageParams = {}): string {
  const text = fillTemplate(messageTemplate(code), params);
  if (!byText.has(text)) byText.set(text, { code, params });
  return text;
}

/** The code and parameters of a message a schema gave, or undefined for a text no schema of the contract made. */
export function messageOf(text: string): CodedMessage | undefined {
  return byText.get(text);
}

/** Every message made so far, by its English text. */
export function knownMessages(): ReadonlyMap<string, CodedMessage> {
  return byText;
}
