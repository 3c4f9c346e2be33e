import type { UploadedVideo } from '@openmat/contract/videos';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
import { DialogFrame, type DialogFrameProps } from '@/components/ui/dialog-frame';

/** What a video's actions pass to each of its dialogs: the video, and the size of the button that opens it. */
export type VideoDialogProps = { video: UploadedVideo } & Pick<ButtonProps, 'size' | 'className'>;

export interface VideoDialogFrameProps
  extends Omit<DialogFrameProps, 'trigger' | 'closeLabel'>, Pick<ButtonProps, 'size' | 'className'> {
  /** The icon and the words of the secondary button that opens the dialog. */
  icon: LucideIcon;
  action: string;
}

/** The dialog frame of the video screens, opened by a secondary button among a video's actions. */
export function VideoDialogFrame({ icon: Icon, action, size, className, ...frame }: VideoDialogFrameProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      {...frame}
      closeLabel={t('videos.dialogs.close')}
      trigger={
        <Button variant="secondary" size={size} className={className}>
          <Icon className="h-4 w-4" aria-hidden />
          {action}
        </Button>
      }
    />
  );
}
