import { CommunityPageSchema, type Media } from '@otakura/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { api, isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUpdateMediaMutation } from '../api/save-media';
import './series-community-field.css';

const SEARCH_DEBOUNCE_MS = 200;

/**
 * The series' own community (issue 12): its composer offers the series as the spoiler tag and
 * its page shows the merch shelf. Shows the current one (or none), a community search to choose
 * another, and None; each choice is saved at once (PATCH /admin/media/:id `communityId`). A
 * community belongs to one series at most: the server refuses a taken one, said under the field.
 */
export function SeriesCommunityField({ media }: { media: Media }) {
  const { t } = useTranslation('media-admin');
  const { toast } = useToast();
  const id = useId();
  const update = useUpdateMediaMutation(media.id);
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | null>(null);
  const text = useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['media-admin', 'community-search', text],
    queryFn: ({ signal }) =>
      api.get('/communities', {
        query: { q: text, limit: 8 },
        schema: CommunityPageSchema,
        signal,
      }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
  const current = media.community ?? null;

  const choose = (communityId: string | null) => {
    setError(null);
    update.mutate(
      { communityId },
      {
        onSuccess: () => {
          setQ('');
          toast({ variant: 'success', title: t('seriesCommunity.saved') });
        },
        onError: (e) =>
          setError(
            isApiError(e, 'validation_error')
              ? (e.details?.[0]?.message ?? e.message)
              : apiErrorText(t, e),
          ),
      },
    );
  };

  return (
    <section className="ma-series-community" aria-labelledby={`${id}-title`}>
      <h3 className="ma-series-community__title" id={`${id}-title`}>
        {t('seriesCommunity.title')}
      </h3>
      <p className="ma-series-community__hint">{t('seriesCommunity.hint')}</p>
      <div className="ma-series-community__current">
        <span>
          {current
            ? t('seriesCommunity.current', { name: current.name })
            : t('seriesCommunity.none')}
        </span>
        {current ? (
          <Button
            variant="secondary"
            size="sm"
            loading={update.isPending}
            onClick={() => choose(null)}
          >
            {t('seriesCommunity.clear')}
          </Button>
        ) : null}
      </div>
      <label className="ui-field__label" htmlFor={`${id}-search`}>
        {t('seriesCommunity.search')}
      </label>
      <div className="ma-series-community__search">
        <Search aria-hidden="true" />
        <input
          id={`${id}-search`}
          type="search"
          className="ma-series-community__input"
          value={q}
          autoComplete="off"
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          aria-controls={`${id}-results`}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <ul
        className="ma-series-community__results"
        id={`${id}-results`}
        aria-label={t('seriesCommunity.results')}
      >
        {text && search.data?.items.length === 0 ? (
          <li className="ma-series-community__empty">{t('seriesCommunity.noResults')}</li>
        ) : (
          (text ? (search.data?.items ?? []) : []).map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="ma-series-community__result"
                disabled={update.isPending || c.id === current?.id}
                onClick={() => choose(c.id)}
              >
                {c.name}
              </button>
            </li>
          ))
        )}
      </ul>
      {error ? (
        <p className="ui-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
