import { SHOP_RULES, type ShopItem } from '@otakura/shared';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Input } from '@/components/ui/field';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  useSeriesSearchQuery,
  useSeriesVolumesQuery,
  useTagCommunitiesQuery,
} from '../api/merch-tags';
import './merch-tags-field.css';

/** What an item is merch of: its series, the volume it is, the communities whose shelf shows it. */
export interface MerchTags {
  series: ShopItem['series'];
  volumeId: string | null;
  communities: ShopItem['communities'];
}

export const tagsOf = (item: ShopItem | undefined): MerchTags => ({
  series: item?.series ?? null,
  volumeId: item?.volume?.id ?? null,
  communities: item?.communities ?? [],
});

/** Typing settles this long (ms) before suggestions are asked for. */
const SEARCH_DEBOUNCE_MS = 250;

function Chip({
  label,
  removeLabel,
  onRemove,
}: {
  label: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <li className="merch-tags__chip">
      <span>{label}</span>
      <button
        type="button"
        className="merch-tags__chip-remove"
        aria-label={removeLabel}
        onClick={onRemove}
      >
        <X aria-hidden="true" />
      </button>
    </li>
  );
}

function Suggestions({
  label,
  items,
  onPick,
}: {
  label: string;
  items: ReadonlyArray<{ id: string; text: string; pickLabel: string }>;
  onPick: (id: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="merch-tags__suggestions" aria-label={label}>
      {items.map((s) => (
        <li key={s.id}>
          <button
            type="button"
            className="merch-tags__suggestion"
            aria-label={s.pickLabel}
            onClick={() => onPick(s.id)}
          >
            <Plus aria-hidden="true" />
            {s.text}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The item's merch tags in the shop item editor (issue 12): a series found by its title, the
 * volume of it the item is (manga only), and up to five communities. The server checks them again
 * (the series exists, the volume is the series', the communities exist).
 */
export function MerchTagsField({
  value,
  onChange,
  disabled,
}: {
  value: MerchTags;
  onChange: (next: MerchTags) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('admin');
  const [seriesText, setSeriesText] = useState('');
  const [communityText, setCommunityText] = useState('');
  const seriesQ = useDebouncedValue(seriesText, SEARCH_DEBOUNCE_MS).trim();
  const communityQ = useDebouncedValue(communityText, SEARCH_DEBOUNCE_MS).trim();
  const series = useSeriesSearchQuery(value.series ? '' : seriesQ);
  const communities = useTagCommunitiesQuery(communityQ);
  const volumes = useSeriesVolumesQuery(value.series?.kind === 'manga' ? value.series.id : null);
  const full = value.communities.length >= SHOP_RULES.communitiesMax;
  const kindName = (kind: string) => t(`merchTags.kinds.${kind}`, { defaultValue: kind });

  return (
    <fieldset className="merch-tags" disabled={disabled}>
      <legend className="merch-tags__legend">{t('merchTags.legend')}</legend>
      <p className="merch-tags__intro">{t('merchTags.intro')}</p>

      {value.series ? (
        <Field label={t('merchTags.series')}>
          {(control) => (
            <ul className="merch-tags__chips" id={control.id} aria-label={t('merchTags.series')}>
              <Chip
                label={`${value.series!.title} · ${kindName(value.series!.kind)}`}
                removeLabel={t('merchTags.removeSeries', { title: value.series!.title })}
                onRemove={() => onChange({ ...value, series: null, volumeId: null })}
              />
            </ul>
          )}
        </Field>
      ) : (
        <div className="merch-tags__search">
          <Input
            label={t('merchTags.series')}
            hint={t('merchTags.seriesHint')}
            type="search"
            value={seriesText}
            onChange={(e) => setSeriesText(e.target.value)}
            autoComplete="off"
          />
          {seriesQ !== '' ? (
            <Suggestions
              label={t('merchTags.seriesSuggestions')}
              items={(series.data?.items ?? []).map((m) => ({
                id: m.id,
                text: `${m.title} · ${kindName(m.kind)}`,
                pickLabel: t('merchTags.pickSeries', { title: m.title }),
              }))}
              onPick={(id) => {
                const m = series.data?.items.find((x) => x.id === id);
                if (!m) return;
                onChange({
                  ...value,
                  series: { id: m.id, title: m.title, kind: m.kind },
                  volumeId: null,
                });
                setSeriesText('');
              }}
            />
          ) : null}
          {seriesQ !== '' && series.isSuccess && series.data.items.length === 0 ? (
            <p className="merch-tags__none">{t('merchTags.noSeries')}</p>
          ) : null}
        </div>
      )}

      {value.series?.kind === 'manga' ? (
        <Field label={t('merchTags.volume')} hint={t('merchTags.volumeHint')}>
          {(control) => (
            <select
              {...control}
              className="ui-input merch-tags__select"
              value={value.volumeId ?? ''}
              onChange={(e) => onChange({ ...value, volumeId: e.target.value || null })}
            >
              <option value="">{t('merchTags.notAVolume')}</option>
              {(volumes.data?.volumes ?? []).map((v) => (
                <option key={v.id} value={v.id}>
                  {v.title
                    ? t('merchTags.volumeOptionTitled', { number: v.number, title: v.title })
                    : t('merchTags.volumeOption', { number: v.number })}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}

      <div className="merch-tags__search">
        <Input
          label={t('merchTags.communities')}
          hint={
            full
              ? t('merchTags.communitiesFull', { max: SHOP_RULES.communitiesMax })
              : t('merchTags.communitiesHint', { max: SHOP_RULES.communitiesMax })
          }
          type="search"
          value={communityText}
          onChange={(e) => setCommunityText(e.target.value)}
          disabled={full}
          autoComplete="off"
        />
        {value.communities.length > 0 ? (
          <ul className="merch-tags__chips" aria-label={t('merchTags.chosenCommunities')}>
            {value.communities.map((c) => (
              <Chip
                key={c.id}
                label={c.name}
                removeLabel={t('merchTags.removeCommunity', { name: c.name })}
                onRemove={() =>
                  onChange({
                    ...value,
                    communities: value.communities.filter((x) => x.id !== c.id),
                  })
                }
              />
            ))}
          </ul>
        ) : null}
        {communityQ !== '' && !full ? (
          <Suggestions
            label={t('merchTags.communitySuggestions')}
            items={(communities.data?.items ?? [])
              .filter((c) => !value.communities.some((x) => x.id === c.id))
              .map((c) => ({
                id: c.id,
                text: c.name,
                pickLabel: t('merchTags.pickCommunity', { name: c.name }),
              }))}
            onPick={(id) => {
              const c = communities.data?.items.find((x) => x.id === id);
              if (!c) return;
              onChange({
                ...value,
                communities: [...value.communities, { id: c.id, name: c.name }],
              });
              setCommunityText('');
            }}
          />
        ) : null}
      </div>
    </fieldset>
  );
}
