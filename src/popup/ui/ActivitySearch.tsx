import { i18n } from '#i18n';
import type { ActivityFilter, ActivityState } from '../activityFilter';

const STATES: { value: ActivityState; label: () => string }[] = [
  { value: 'progress', label: () => i18n.t('popup.activity.filter.progress') },
  { value: 'done', label: () => i18n.t('popup.activity.filter.done') },
  { value: 'attention', label: () => i18n.t('popup.activity.filter.attention') },
];

/**
 * Activity's search field and status filter on one line (360 px wide): a token, chain, hash or address to look for,
 * and In progress / Completed / Needs attention.
 */
export function ActivitySearch(props: {
  filter: ActivityFilter;
  /** Takes an update of the filter as it is then: a field's event never undoes the other field's change. */
  onChange(update: (f: ActivityFilter) => ActivityFilter): void;
}) {
  const { filter, onChange } = props;
  return (
    <search class="activity-search">
      <input
        type="search"
        class="search"
        value={filter.query}
        placeholder={i18n.t('popup.activity.searchPlaceholder')}
        aria-label={i18n.t('popup.activity.search')}
        data-testid="activity-search"
        onInput={(e) => {
          const query = e.currentTarget.value;
          onChange((f) => ({ ...f, query }));
        }}
      />
      <select
        aria-label={i18n.t('popup.activity.filter.label')}
        value={filter.state ?? ''}
        data-testid="activity-filter"
        onChange={(e) => {
          const value = e.currentTarget.value as ActivityState | '';
          onChange((f) => ({ ...f, state: value === '' ? undefined : value }));
        }}
      >
        <option value="">{i18n.t('popup.activity.filter.all')}</option>
        {STATES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label()}
          </option>
        ))}
      </select>
    </search>
  );
}
