import { MessageBody } from '@openmat/contract/problem';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useUploadStore } from '../stores/upload-store';
import { videoKeys } from './video-keys';

/** `DELETE /vid/api/video/delete-uploaded/{videoId}`: the file, its analysis and its shares go. */
export function deleteVideo(videoId: number): Promise<MessageBody> {
  return apiRequest(`/vid/api/video/delete-uploaded/${videoId}`, { method: 'DELETE', schema: MessageBody });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_answer, videoId) => {
      useUploadStore.getState().videoDeleted(videoId);
      queryClient.removeQueries({ queryKey: videoKeys.detail(videoId) });
      return queryClient.invalidateQueries({ queryKey: videoKeys.uploaded() });
    },
  });
}
