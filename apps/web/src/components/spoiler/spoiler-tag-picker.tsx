import { SPOILER_UNITS_BY_KIND, type SpoilerUnit } from '@otakura/shared';
import clsx from 'clsx';
import { EyeOff, Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSeriesSearchQuery, type SpoilerSeries } from './series-search';
import './spoiler-tag-picker.css';

export type { SpoilerSeries };

/** The tag being written: the series (null while choosing), its unit and the number as typed. */
export interface SpoilerDraft {
  series: SpoilerSeries | null;
  unit: SpoilerUnit;
  number: string;
}

/** The first unit a series of this kind is tagged by (episode, volume, chapter). */
export function defaultUnitOf(series: SpoilerSeries | null): SpoilerUnit {
  return series ? SPOILER_UNITS_BY_KIND[series.kind][0] : 'episode';
}

/** A new draft: the suggested series (a series' own community offers its series) or none. */
export function newSpoilerDraft(suggested: SpoilerSeries | null | undefined): SpoilerDraft {
  return { series: suggested ?? null, unit: defaultUnitOf(suggested ?? null), number: '' };
}

/**
 * What the request carries for a draft (the shared `SpoilerTagInputSchema` judges it, so an
 * incomplete tag keeps Post disabled and names its field), or undefined without a tag.
 */
export function toSpoilerTagInput(
  draft: SpoilerDraft | null,
): { mediaId: string | undefined; unit: SpoilerUnit; number: number } | undefined {
  if (!draft) return undefined;
  const n = draft.number.trim() === '' ? Number.NaN : Number(draft.number);
  return { mediaId: draft.series?.id, unit: draft.unit, number: n };
}

export interface SpoilerTagPickerProps {
  value: SpoilerDraft | null;
  onChange: (value: SpoilerDraft | null) => void;
  /** The series a new tag starts with (the series of the community written in). */
  suggested?: SpoilerSeries | null;
  /** Field errors (client or server) of the tag's parts. */
  errors?: { series?: string; unit?: string; number?: string };
  /** Denser, for the comment composer. */
  compact?: boolean;
}

const SEARCH_DEBOUNCE_MS = 200;

/**
 * The spoiler shield's picker (issue 12): "Tag a spoiler" opens a series search (the library),
 * the unit its kind allows (episode; volume or chapter; chapter) and the number. Viewers who have
 * not reached that point get the item covered by the server.
 */
export function SpoilerTagPicker({
  value,
  onChange,
  suggested,
  errors = {},
  compact = false,
}: SpoilerTagPickerProps) {
  const { t } = useTranslation('spoilers');
  const id = useId();
  const hintId = `${id}-hint`;

  if (!value) {
    return (
      <div className={clsx('spoiler-picker', compact && 'spoiler-picker--compact')}>
        <button
          type="button"
          className="spoiler-picker__add"
          aria-describedby={hintId}
          onClick={() => onChange(newSpoilerDraft(suggested))}
        >
          <EyeOff aria-hidden="true" />
          {t('picker.add')}
        </button>
        <p className="spoiler-picker__hint" id={hintId}>
          {suggested ? t('picker.hintSuggested', { series: suggested.title }) : t('picker.hint')}
        </p>
      </div>
    );
  }

  const units = value.series ? SPOILER_UNITS_BY_KIND[value.series.kind] : (['episode'] as const);
  return (
    <fieldset
      className={clsx('spoiler-picker spoiler-picker--open', compact && 'spoiler-picker--compact')}
    >
      <legend className="spoiler-picker__legend">{t('picker.legend')}</legend>
      <div className="spoiler-picker__row">
        <SeriesField
          value={value.series}
          error={errors.series}
          onChange={(series) =>
            onChange({ ...value, series, unit: series ? defaultUnitOf(series) : value.unit })
          }
        />
        <div className={clsx('ui-field spoiler-picker__unit', errors.unit && 'ui-field--invalid')}>
          <label className="ui-field__label" htmlFor={`${id}-unit`}>
            {t('picker.unit')}
          </label>
          <select
            id={`${id}-unit`}
            className="spoiler-picker__select"
            value={value.unit}
            disabled={!value.series}
            aria-invalid={errors.unit ? true : undefined}
            aria-describedby={errors.unit ? `${id}-unit-error` : undefined}
            onChange={(event) => onChange({ ...value, unit: event.target.value as SpoilerUnit })}
          >
            {units.map((unit) => (
              <option key={unit} value={unit}>
                {t(`units.${unit}`)}
              </option>
            ))}
          </select>
          {errors.unit ? (
            <p className="ui-field__error" id={`${id}-unit-error`} role="alert">
              {errors.unit}
            </p>
          ) : null}
        </div>
        <div
          className={clsx('ui-field spoiler-picker__number', errors.number && 'ui-field--invalid')}
        >
          <label className="ui-field__label" htmlFor={`${id}-number`}>
            {t('picker.number')}
          </label>
          <input
            id={`${id}-number`}
            className="spoiler-picker__input"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={value.number}
            aria-invalid={errors.number ? true : undefined}
            aria-describedby={errors.number ? `${id}-number-error` : undefined}
            onChange={(event) => onChange({ ...value, number: event.target.value })}
          />
          {errors.number ? (
            <p className="ui-field__error" id={`${id}-number-error`} role="alert">
              {errors.number}
            </p>
          ) : null}
        </div>
      </div>
      <button type="button" className="spoiler-picker__remove" onClick={() => onChange(null)}>
        <X aria-hidden="true" />
        {t('picker.remove')}
      </button>
    </fieldset>
  );
}

/** The series: its title with a Change button once chosen; a library search before. */
function SeriesField({
  value,
  onChange,
  error,
}: {
  value: SpoilerSeries | null;
  onChange: (series: SpoilerSeries | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('spoilers');
  const id = useId();
  const [q, setQ] = useState('');
  const text = useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSeriesSearchQuery(text, value === null);
  const results = search.data?.items ?? [];
  const errorId = `${id}-error`;

  if (value) {
    return (
      <div className="ui-field spoiler-picker__series">
        <span className="ui-field__label" id={`${id}-label`}>
          {t('picker.series')}
        </span>
        <div className="spoiler-picker__chosen" aria-labelledby={`${id}-label`} role="group">
          <span className="spoiler-picker__chosen-title">{value.title}</span>
          <button
            type="button"
            className="spoiler-picker__change"
            aria-label={t('picker.changeSeries', { series: value.title })}
            onClick={() => onChange(null)}
          >
            {t('picker.change')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className={clsx('ui-field spoiler-picker__series', error && 'ui-field--invalid')}>
      <label className="ui-field__label" htmlFor={`${id}-search`}>
        {t('picker.series')}
      </label>
      <div className="spoiler-picker__search">
        <Search aria-hidden="true" />
        <input
          id={`${id}-search`}
          className="spoiler-picker__input"
          type="search"
          autoComplete="off"
          placeholder={t('picker.searchPlaceholder')}
          value={q}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-controls={`${id}-results`}
          onChange={(event) => setQ(event.target.value)}
        />
        {search.isFetching ? <Spinner size={16} /> : null}
      </div>
      <ul
        className="spoiler-picker__results"
        id={`${id}-results`}
        aria-label={t('picker.results')}
        aria-busy={search.isFetching || undefined}
      >
        {search.isError ? (
          <li className="spoiler-picker__empty">{t('picker.searchFailed')}</li>
        ) : search.data && results.length === 0 ? (
          <li className="spoiler-picker__empty">{t('picker.noResults')}</li>
        ) : (
          results.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className="spoiler-picker__result"
                onClick={() => onChange({ id: m.id, title: m.title, kind: m.kind })}
              >
                <span className="spoiler-picker__result-title">{m.title}</span>
                <span className="spoiler-picker__result-kind">{t(`kinds.${m.kind}`)}</span>
              </button>
            </li>
          ))
        )}
      </ul>
      {error ? (
        <p className="ui-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
