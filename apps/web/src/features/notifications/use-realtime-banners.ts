import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onRealtime } from '@/lib/realtime';
import { useNotificationStore } from './stores/notification-store';

/**
 * Feeds the banner from both hubs: a share shows the titles the server sent and who shared it; a
 * finished analysis shows 'AI Analysis Completed' and 'Video Numer <id>' with no name; a failed one
 * says so with the server's reason. The method names are written out (and type-checked by
 * `onRealtime`) so that the contract's schemas, and zod with them, stay out of every page's first load.
 */
export function useRealtimeBanners(): void {
  const { t } = useTranslation();
  const show = useNotificationStore((state) => state.show);
  useEffect(() => {
    const stops = [
      onRealtime('ReceiveVideoSharedNotification', (bannerTitle, videoTitle, sharedByName) =>
        show({
          title: bannerTitle,
          message: videoTitle,
          sharedBy: sharedByName,
          link: { to: '/videos', label: t('notifications.watch') },
        }),
      ),
      onRealtime('AnalysisCompleted', (videoId) =>
        show({ title: t('notifications.analysisCompleted'), message: t('notifications.videoNumber', { id: videoId }) }),
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
