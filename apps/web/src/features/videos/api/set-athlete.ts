import { UploadedVideo } from '@openmat/contract/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { videoKeys } from './video-keys';

/** `PATCH /vid/api/video/{videoId}` `{fighterId}`: the uploading instructor names the athlete again (null: nobody). */
export function setAthlete(videoId: number, fighterId: number | null): Promise<UploadedVideo> {
  return apiRequest(`/vid/api/video/${videoId}`, { method: 'PATCH', json: { fighterId }, schema: UploadedVideo });
}

export function useSetAthlete(videoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fighterId: number | null) => setAthlete(videoId, fighterId),
    onSuccess: (video) => {
      queryClient.setQueryData(videoKeys.detail(videoId), video);
      void queryClient.invalidateQueries({ queryKey: videoKeys.uploaded() });
    },
  });
}
