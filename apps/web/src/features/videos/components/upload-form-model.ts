import { DEFAULT_MARTIAL_ART, type MartialArt } from '@openmat/contract/enums';
import { VIDEO_ACCEPT, VideoUploadFields } from '@openmat/contract/videos';

/** What the upload form holds. */
export interface UploadFormValues {
  file: File | null;
  studentIdentifier: string;
  martialArt: MartialArt;
  description: string;
  /** The athlete an instructor names (a fighter of their rosters), as the picker holds it: '' for nobody. */
  fighterId: string;
}

export type UploadFormField = 'file' | 'studentIdentifier' | 'description';

/** A translation key per field with a message. */
export type UploadFormErrors = Partial<Record<UploadFormField, string>>;

/** The checked fields, in the order they appear on the form: the focus goes to the first with a message. */
export const UPLOAD_FORM_FIELDS: readonly UploadFormField[] = ['file', 'studentIdentifier', 'description'];

export function emptyUploadValues(): UploadFormValues {
  return { file: null, studentIdentifier: '', martialArt: DEFAULT_MARTIAL_ART, description: '', fighterId: '' };
}

const ACCEPTED = VIDEO_ACCEPT.split(',').map((entry) => entry.trim().toLowerCase());
const EXTENSIONS = ACCEPTED.filter((entry) => entry.startsWith('.'));
const TYPES = ACCEPTED.filter((entry) => !entry.startsWith('.'));

/** A file of one of the types the form accepts (`VIDEO_ACCEPT`), by its name or its type. */
export function isAcceptedVideo(file: File): boolean {
  const name = file.name.toLowerCase();
  return TYPES.includes(file.type.toLowerCase()) || EXTENSIONS.some((extension) => name.endsWith(extension));
}

/**
 * The checks of spec section 5 (Upload): a video file and a student identifier are required, the
 * description is optional. The texts must also be storable (the contract's own rules).
 */
export function validateUpload(values: UploadFormValues): UploadFormErrors {
  const errors: UploadFormErrors = {};
  if (!values.file) errors.file = 'videos.upload.errors.fileRequired';
  else if (!isAcceptedVideo(values.file)) errors.file = 'videos.upload.errors.fileType';
  if (values.studentIdentifier.trim() === '')
    errors.studentIdentifier = 'videos.upload.errors.studentIdentifierRequired';
  const parsed = VideoUploadFields.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'studentIdentifier' || field === 'description') && errors[field] === undefined) {
        errors[field] = 'videos.upload.errors.invalidText';
      }
    }
  }
  return errors;
}

/** The fields as they are sent: trimmed, with the martial art's default. */
export function uploadFields(values: UploadFormValues): VideoUploadFields {
  return VideoUploadFields.parse(values);
}
