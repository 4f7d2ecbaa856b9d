import { useTranslation } from 'react-i18next';

/** 'Ep. 3 · The Storm', or 'Ep. 3' for an episode without a title. */
export function useEpisodeLabel() {
  const { t } = useTranslation('player');
  return (episode: { number: number; title: string }) =>
    episode.title.trim()
      ? t('episodeTitle', { number: episode.number, title: episode.title })
      : t('episodeNumber', { number: episode.number });
}
