import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { PagePlaceholder } from '@/components/layouts/page-placeholder';

function titleKeyOf(handle: unknown): string | undefined {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle && typeof handle.titleKey === 'string'
    ? handle.titleKey
    : undefined;
}

/** A route whose screen arrives with a later feature: its title and a short note. */
export function PlaceholderRoute() {
  const { t } = useTranslation();
  const titleKey = useMatches()
    .map((match) => titleKeyOf(match.handle))
    .filter((key) => key !== undefined)
    .at(-1);
  return <PagePlaceholder title={titleKey ? t(titleKey) : 'OpenMat'} />;
}
