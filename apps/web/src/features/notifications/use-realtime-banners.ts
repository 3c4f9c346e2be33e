import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onRealtime } from '@/lib/realtime';
import { useNotificationStore } from './stores/notification-store';

/**
 * Feeds the banner from both hubs: a share shows the titles the server sent (in the language the page
 * connected with) and who shared it, and links to the video's review; a finished analysis shows 'AI
 * Analysis Completed' and 'Video Numer <id>' with no name, and links to its review; a failed one
 * says so with the server's reason. The method names are written out (and type-checked by
 * `onRealtime`) so that the contract's schemas, and zod with them, stay out of every page's first load.
 */
export function useRealtimeBanners(): void {
  const { t } = useTranslation();
  const show = useNotificationStore((state) => state.show);
  useEffect(() => {
    const stops = [
      onRealtime('ReceiveVideoSharedNotification', (bannerTitle, videoTitle, sharedByName, videoId) =>
        show({
          title: bannerTitle,
          message: videoTitle,
          sharedBy: sharedByName,
          // Straight to the shared video's review, where the athlete reads the analysis.
          link: { to: videoId == null ? '/videos' : `/video-review/${videoId}`, label: t('notifications.watch') },
        }),
      ),
      onRealtime('AnalysisCompleted', (videoId) =>
        show({
          title: t('notifications.analysisCompleted'),
          message: t('notifications.videoNumber', { id: videoId }),
          link: { to: `/video-review/${videoId}`, label: t('notifications.openReview') },
        }),
      ),
      onRealtime('AnalysisFailed', (videoId, message) =>
        show({
          title: t('notifications.analysisFailed'),
          message: `${t('notifications.videoNumber', { id: videoId })}: ${message}`,
        }),
      ),
    ];
    return () => stops.forEach((stop) => stop());
  }, [show, t]);
}
